import { type Kysely, sql } from 'kysely';

/**
 * One ciphertext per section (`sections_encrypted`: section key -> AES-256-GCM ciphertext), so a save
 * replaces its section in one UPDATE without reading and decrypting the others (ADR 016). Records written
 * before keep their whole-record ciphertext in `data_encrypted` until their next full write; sections in
 * `sections_encrypted` take precedence over it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table client_intakes add column sections_encrypted jsonb not null default '{}'`.execute(db);
  await sql`alter table client_intakes alter column data_encrypted drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // records saved since `up` hold their data only in sections_encrypted: going back loses it
  await sql`delete from client_intakes where data_encrypted is null`.execute(db);
  await sql`alter table client_intakes alter column data_encrypted set not null`.execute(db);
  await sql`alter table client_intakes drop column sections_encrypted`.execute(db);
}
