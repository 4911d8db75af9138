import { type Kysely, sql } from 'kysely';

/**
 * Who answered a response (ADR 125): their wording, items, norms and bands apply when it is filled and scored.
 * Responses given before it was recorded stay null, except those made by a respondent link: the link names who
 * it was for, so that is copied over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table questionnaire_responses add column respondent text
    constraint questionnaire_responses_respondent
    check (respondent in ('practitioner', 'guardian', 'teacher', 'self'))`.execute(db);
  await sql`update questionnaire_responses r set respondent = l.respondent
    from respondent_links l where l.response_id = r.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table questionnaire_responses drop column respondent`.execute(db);
}
