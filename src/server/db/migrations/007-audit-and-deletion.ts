import { type Kysely, sql } from 'kysely';

/**
 * KVKK data rights (ADR 090-092): the audit trail of client data (append-only for the application), the
 * destruction log of every purge, the lease that lets one instance purge at a time, soft-deleted intake records
 * (purged after the grace period) and the account deletion request with its cancel link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_entries (
      id bigint generated always as identity primary key,
      practitioner_id uuid not null,
      actor_kind text not null check (actor_kind in ('practitioner', 'link')),
      actor_id text not null,
      action text not null,
      client_id text,
      record_type text not null,
      record_id text,
      address text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index audit_entries_practitioner on audit_entries (practitioner_id, created_at)`.execute(
    db,
  );
  await sql`create index audit_entries_client on audit_entries (client_id, created_at)`.execute(db);
  await sql`create index audit_entries_created on audit_entries (created_at)`.execute(db);

  await sql`
    create table destruction_log (
      id bigint generated always as identity primary key,
      category text not null,
      count integer not null,
      rule text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index destruction_log_created on destruction_log (created_at)`.execute(db);

  await sql`
    create table job_leases (
      name text primary key,
      holder text not null,
      until timestamptz not null
    )`.execute(db);

  await sql`alter table client_intakes add column deleted_at timestamptz`.execute(db);
  await sql`alter table users add column deletion_requested_at timestamptz`.execute(db);
  await sql`alter table users add column deletion_due_at timestamptz`.execute(db);
  await sql`alter table users add column deletion_cancel_hash text unique`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column deletion_cancel_hash`.execute(db);
  await sql`alter table users drop column deletion_due_at`.execute(db);
  await sql`alter table users drop column deletion_requested_at`.execute(db);
  await sql`delete from client_intakes where deleted_at is not null`.execute(db);
  await sql`alter table client_intakes drop column deleted_at`.execute(db);
  for (const table of ['job_leases', 'destruction_log', 'audit_entries']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
