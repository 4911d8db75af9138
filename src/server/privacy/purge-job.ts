import type { Kysely } from 'kysely';
import type { RetentionSettings } from '../config';
import type { Database } from '../db/schema';
import { DATA_CATEGORIES } from './categories';
import type { DataCategory, PurgeClock, Purged } from './data-category';
import { withLease } from './job-lease';

export interface PurgeLine extends Purged {
  category: string;
}

export type PurgeOutcome = { ran: true; purged: PurgeLine[] } | { ran: false };

const DAY_MS = 24 * 60 * 60 * 1000;

/** `years` calendar years before `now` (a leap day falls back to 1 March). */
function yearsBefore(now: Date, years: number): Date {
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return at;
}

export function purgeClockOf(now: Date, retention: RetentionSettings): PurgeClock {
  return {
    now,
    retentionCutoff: yearsBefore(now, retention.retentionYears),
    graceCutoff: new Date(now.getTime() - retention.deletionGraceDays * DAY_MS),
    mailCutoff: new Date(now.getTime() - retention.mailRetentionDays * DAY_MS),
  };
}

/** Writes what was destroyed, how much and by which rule; never which records or whose. */
async function logDestruction(tx: Kysely<Database>, lines: PurgeLine[]) {
  const kept = lines.filter((line) => line.count > 0);
  if (kept.length === 0) return;
  await tx
    .insertInto('destruction_log')
    .values(kept.map((line) => ({ category: line.category, count: line.count, rule: line.rule })))
    .execute();
}

/**
 * The purge (ADR 092): accounts past their deletion grace period, deleted records past theirs, records and audit
 * entries past the retention period, the addresses of finished mail past theirs (ADR 104), destruction-log
 * entries past theirs. Each account and each rule is one
 * transaction together with its destruction-log entries, so a crash leaves every step either done or not
 * started, and the next run finishes the rest. Only the instance holding the lease runs it.
 */
export async function runPurge(
  db: Kysely<Database>,
  retention: RetentionSettings,
  now = new Date(),
  categories: readonly DataCategory[] = DATA_CATEGORIES,
): Promise<PurgeOutcome> {
  const clock = purgeClockOf(now, retention);
  const outcome = await withLease(db, 'purge', 15 * 60, async () => {
    const purged: PurgeLine[] = [];
    const due = await db.selectFrom('users').select('id').where('deletion_due_at', '<=', clock.now).execute();
    for (const { id } of due) {
      const lines = await db.transaction().execute(async (tx) => {
        const done: PurgeLine[] = [];
        for (const category of categories) {
          const count = await category.purgeAccount(tx, id);
          done.push({ category: category.name, rule: 'account-deletion', count });
        }
        await logDestruction(tx, done);
        return done;
      });
      purged.push(...lines);
    }
    for (const category of categories) {
      if (!category.purgeExpired) continue;
      const lines = await db.transaction().execute(async (tx) => {
        const done = (await category.purgeExpired!(tx, clock)).map((p) => ({
          ...p,
          category: category.name,
        }));
        await logDestruction(tx, done);
        return done;
      });
      purged.push(...lines);
    }
    await db
      .deleteFrom('destruction_log')
      .where('created_at', '<=', yearsBefore(clock.now, retention.destructionLogYears))
      .execute();
    return purged.filter((line) => line.count > 0);
  });
  return outcome.ran ? { ran: true, purged: outcome.result } : { ran: false };
}
