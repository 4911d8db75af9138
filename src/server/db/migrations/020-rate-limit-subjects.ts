import { type Kysely, sql } from 'kysely';

/**
 * Rate-limit counters of a person are kept under a keyed hash of the e-mail address from now on (ADR 164). The
 * counters a running deployment kept under the plain address are dropped: at worst one window's count restarts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from rate_limits where key like '%@%'`.execute(db);
}

export async function down(): Promise<void> {
  // nothing to restore: the counters are gone and the new keys hold no address
}
