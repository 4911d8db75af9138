import { type Kysely, sql } from 'kysely';

/**
 * Measurement schedules (ADR 128): a questionnaire that goes out by itself. Every planned day is stored as an
 * occurrence when the schedule is made; the sender claims an occurrence (claimed_at, and the id its link will
 * have) before it makes the link, so no link is made twice. Days are Istanbul calendar days as text (YYYY-MM-DD),
 * never a `date` a driver could shift by a time zone. The address and the code are sealed like a link's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table measurement_schedules (
      id uuid primary key,
      practitioner_id uuid not null references users(id) on delete cascade,
      intake_id uuid not null references client_intakes(id) on delete cascade,
      questionnaire_id text not null,
      respondent text not null check (respondent in ('guardian', 'teacher', 'self')),
      language text not null check (language in ('en', 'tr')),
      email_encrypted text not null,
      code_encrypted text,
      every_weeks integer,
      dates text,
      start_on text not null,
      until_on text,
      times integer,
      remind_after_days integer,
      state text not null default 'active' check (state in ('active', 'paused', 'stopped', 'finished')),
      created_at timestamptz not null default now(),
      changed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index measurement_schedules_intake on measurement_schedules (practitioner_id, intake_id)`.execute(
    db,
  );
  await sql`
    create table schedule_occurrences (
      id uuid primary key,
      schedule_id uuid not null references measurement_schedules(id) on delete cascade,
      due_on text not null check (due_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      state text not null default 'due' check (state in ('due', 'sent', 'answered', 'overdue', 'cancelled')),
      claimed_at timestamptz,
      link_id uuid unique,
      response_id uuid,
      sent_at timestamptz,
      reminded_at timestamptz,
      answered_at timestamptz,
      cancelled_at timestamptz,
      unique (schedule_id, due_on)
    )`.execute(db);
  await sql`create index schedule_occurrences_due on schedule_occurrences (state, due_on)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table schedule_occurrences`.execute(db);
  await sql`drop table measurement_schedules`.execute(db);
}
