import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A lease row: the instance whose insert or takeover goes through runs the job; a lease left by a crashed
 * instance ends by itself after `seconds`, so another takes over (ADR 092). Works through any pool.
 */
export async function withLease<T>(
  db: Kysely<Database>,
  name: string,
  seconds: number,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const holder = randomUUID();
  const { rows } = await sql<{ holder: string }>`
    insert into job_leases (name, holder, until) values (${name}, ${holder}, now() + ${seconds} * interval '1 second')
    on conflict (name) do update set holder = excluded.holder, until = excluded.until
      where job_leases.until <= now()
    returning holder`.execute(db);
  if (rows[0]?.holder !== holder) return { ran: false };
  try {
    return { ran: true, result: await work() };
  } finally {
    await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
  }
}
