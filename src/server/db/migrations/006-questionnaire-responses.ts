import { type Kysely, sql } from 'kysely';

/**
 * Questionnaire responses, one row per filling, tied to the intake record that stands for the client (ADR 085).
 * Answers and the computed result live only in ciphertext columns; the plain columns say which questionnaire,
 * form version and scoring version the response is pinned to, and where it stands. A correction names the
 * response it replaces; the replaced one stays as it was (ADR 086).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table questionnaire_responses (
      id uuid primary key,
      practitioner_id uuid not null references users(id) on delete cascade,
      intake_id uuid not null references client_intakes(id) on delete cascade,
      questionnaire_id text not null,
      questionnaire_version integer not null,
      scoring_version integer not null,
      language text not null check (language in ('en', 'tr')),
      status text not null default 'draft' check (status in ('draft', 'submitted')),
      version integer not null default 1,
      replaces_id uuid references questionnaire_responses(id) on delete set null,
      answers_encrypted text not null,
      result_encrypted text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      submitted_at timestamptz
    )`.execute(db);
  await sql`create index questionnaire_responses_intake
    on questionnaire_responses (practitioner_id, intake_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table questionnaire_responses`.execute(db);
}
