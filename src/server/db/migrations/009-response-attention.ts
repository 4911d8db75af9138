import { type Kysely, sql } from 'kysely';

/**
 * A submitted response that raised a critical-answer flag needs the practitioner's attention until they open it
 * (ADR 108): when it was raised and when it was seen. No answer or score is kept here, only the two times.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table questionnaire_responses
    add column attention_raised_at timestamptz,
    add column attention_seen_at timestamptz`.execute(db);
  // the badge polls this every minute: only the few responses still waiting are indexed
  await sql`create index questionnaire_responses_attention on questionnaire_responses (practitioner_id)
    where attention_raised_at is not null and attention_seen_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index questionnaire_responses_attention`.execute(db);
  await sql`alter table questionnaire_responses drop column attention_raised_at, drop column attention_seen_at`.execute(
    db,
  );
}
