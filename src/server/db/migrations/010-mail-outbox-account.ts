import { type Kysely, sql } from 'kysely';

/**
 * The outbox is personal data (ADR 104): each mail names the account it was sent to or about, so the purge and
 * "download my data" find it after its address is blanked; finished_at is when it was delivered or given up,
 * the start of its short retention.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mail_outbox
      add column account_id uuid references users(id) on delete cascade,
      add column finished_at timestamptz`.execute(db);
  // mail written before this migration: the account's own mail is found by its address; a guardian's is not
  // (the link store seals addresses), and the retention blanks it within days
  await sql`
    update mail_outbox set account_id = users.id from users
    where mail_outbox.recipient = users.email`.execute(db);
  await sql`
    update mail_outbox set finished_at = coalesce(sent_at, created_at)
    where status in ('sent', 'failed')`.execute(db);
  await sql`create index mail_outbox_account_id on mail_outbox (account_id)`.execute(db);
  await sql`create index mail_outbox_finished on mail_outbox (finished_at) where recipient <> ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index mail_outbox_finished`.execute(db);
  await sql`drop index mail_outbox_account_id`.execute(db);
  await sql`alter table mail_outbox drop column account_id, drop column finished_at`.execute(db);
}
