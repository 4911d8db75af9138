import { type Kysely, sql } from 'kysely';

/**
 * A reminder mails a respondent link with a fresh token and the old one stops opening. The old token's hash is
 * kept here, so the old address can say it was replaced by a newer link instead of "this link does not work".
 * Only hashes, as for the live token; they go with their link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table respondent_link_replaced_tokens (
      token_hash text primary key,
      link_id uuid not null references respondent_links(id) on delete cascade,
      replaced_at timestamptz not null
    )`.execute(db);
  await sql`create index respondent_link_replaced_tokens_link on respondent_link_replaced_tokens (link_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table respondent_link_replaced_tokens`.execute(db);
}
