import { type Kysely, sql } from 'kysely';

/** The outbox becomes the delivery queue: every mail waits there until SMTP took it (ADR 054). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mail_outbox
      add column status text not null default 'sent' check (status in ('pending', 'sent', 'failed')),
      add column attempts integer not null default 0,
      add column last_error text,
      add column next_attempt_at timestamptz not null default now(),
      add column claimed_until timestamptz,
      add column sent_at timestamptz`.execute(db);
  await sql`create index mail_outbox_due on mail_outbox (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index mail_outbox_due`.execute(db);
  await sql`
    alter table mail_outbox
      drop column status, drop column attempts, drop column last_error,
      drop column next_attempt_at, drop column claimed_until, drop column sent_at`.execute(db);
}
