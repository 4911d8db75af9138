import { type Kysely, sql } from 'kysely';

/**
 * Client intake records. Health data and the client's name live only in `data_encrypted` and
 * `summary_encrypted` (AES-256-GCM); the plain columns say which form versions were used, nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table client_intakes (
      id uuid primary key,
      practitioner_id uuid not null references users(id) on delete cascade,
      status text not null default 'draft' check (status in ('draft', 'submitted')),
      version integer not null default 1,
      forms jsonb not null default '{}',
      data_encrypted text not null,
      summary_encrypted text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      submitted_at timestamptz
    )`.execute(db);
  await sql`create index client_intakes_practitioner on client_intakes (practitioner_id, updated_at desc)`.execute(
    db,
  );

  // no foreign keys: the trail must outlive the record and the account it names
  await sql`
    create table client_intake_events (
      id integer generated always as identity primary key,
      intake_id uuid not null,
      actor_id uuid not null,
      action text not null check (action in ('created', 'submitted', 'deleted')),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index client_intake_events_intake_id on client_intake_events (intake_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table client_intake_events`.execute(db);
  await sql`drop table client_intakes`.execute(db);
}
