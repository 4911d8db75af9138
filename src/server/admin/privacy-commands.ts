import type { Kysely } from 'kysely';
import { entryOf } from '../audit/audit-service';
import type { RetentionSettings } from '../config';
import type { Database } from '../db/schema';
import { runPurge } from '../privacy/purge-job';
import { AdminCommandError, type AdminResult } from './admin-result';

const date = (value: Date | null) => (value ? value.toISOString() : '-');

/** `audit --account <email>` or `audit --client <id>`: audit entries, oldest first, never any client data. */
export async function listAudit(db: Kysely<Database>, flag?: string, value?: string): Promise<AdminResult> {
  if (!value || (flag !== '--account' && flag !== '--client'))
    throw new AdminCommandError('audit needs --account <email> or --client <id>.');
  let query = db.selectFrom('audit_entries').selectAll().orderBy('id', 'asc');
  if (flag === '--account') {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', value.trim().toLowerCase())
      .executeTakeFirst();
    if (!user) throw new AdminCommandError(`No account with the e-mail ${value}.`);
    query = query.where('practitioner_id', '=', user.id);
  } else {
    query = query.where('client_id', '=', value.trim());
  }
  const entries = (await query.execute()).map(entryOf);
  if (entries.length === 0) return { output: 'No audit entries.' };
  const lines = entries.map(
    (e) =>
      `${e.at}  ${e.action.padEnd(7)}  ${e.recordType}${e.recordId ? ` ${e.recordId}` : ''}  client ${e.clientId ?? '-'}  by ${e.actorKind} ${e.actorId}  from ${e.address ?? '-'}`,
  );
  return {
    output: [`${entries.length} audit entr${entries.length === 1 ? 'y' : 'ies'}:`, ...lines].join('\n'),
  };
}

/** `deletions`: accounts waiting for their purge, soonest first. */
export async function listDeletions(db: Kysely<Database>): Promise<AdminResult> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'deletion_requested_at', 'deletion_due_at'])
    .where('deletion_requested_at', 'is not', null)
    .orderBy('deletion_due_at', 'asc')
    .execute();
  if (rows.length === 0) return { output: 'No account deletions are pending.' };
  return {
    output: [
      `${rows.length} account deletion(s) pending, soonest first:`,
      ...rows.map((r) => `${date(r.deletion_due_at)}  ${r.email}  (asked ${date(r.deletion_requested_at)})`),
    ].join('\n'),
  };
}

/** `purge`: runs the purge now, unless another process is running it. */
export async function purgeNow(db: Kysely<Database>, retention: RetentionSettings): Promise<AdminResult> {
  const outcome = await runPurge(db, retention);
  if (!outcome.ran) return { output: 'Another process is running the purge; nothing was done.' };
  if (outcome.purged.length === 0) return { output: 'Purge done: nothing was due.' };
  return {
    output: ['Purge done:', ...outcome.purged.map((p) => `  ${p.category}: ${p.count} (${p.rule})`)].join(
      '\n',
    ),
  };
}
