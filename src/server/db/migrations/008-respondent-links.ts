import { type Kysely, sql } from 'kysely';

/**
 * Respondent links: a guardian, teacher or young person fills one questionnaire response from a link, without an
 * account (ADR 095). Only the SHA-256 of the token is kept; the label and the e-mail address are sealed like other
 * personal data; the 6-digit code is kept as a keyed hash. One link per response: the token reaches that response
 * and nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table respondent_links (
      id uuid primary key,
      practitioner_id uuid not null references users(id) on delete cascade,
      intake_id uuid not null references client_intakes(id) on delete cascade,
      response_id uuid not null unique references questionnaire_responses(id) on delete cascade,
      token_hash text not null unique,
      respondent text not null check (respondent in ('guardian', 'teacher', 'self')),
      language text not null check (language in ('en', 'tr')),
      label_encrypted text,
      email_encrypted text,
      code_hash text,
      code_failures integer not null default 0,
      expires_at timestamptz not null,
      opened_at timestamptz,
      revoked_at timestamptz,
      locked_at timestamptz,
      sent_at timestamptz,
      seen_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index respondent_links_intake on respondent_links (practitioner_id, intake_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table respondent_links`.execute(db);
}
