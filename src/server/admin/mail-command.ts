import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { AdminCommandError, type AdminResult } from './admin-result';

const date = (value: Date | null) => (value ? value.toISOString() : '-');

/** `mail`: the mail not yet sent (queued, retrying) and the mail given up on, oldest first. */
export async function listStuckMail(db: Kysely<Database>): Promise<AdminResult> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'recipient', 'status', 'attempts', 'last_error', 'created_at', 'next_attempt_at'])
    .where('status', 'in', ['pending', 'failed'])
    .where('recipient', '<>', '')
    .orderBy('id')
    .limit(200)
    .execute();
  if (rows.length === 0) return { output: 'No mail is waiting: everything queued has been sent.' };
  const lines = rows.map(
    (r) =>
      `#${r.id}  ${r.status.padEnd(7)}  ${r.kind.padEnd(15)}  ${r.recipient}  queued ${date(r.created_at)}  ` +
      `attempts ${r.attempts}` +
      (r.status === 'pending' ? `  next ${date(r.next_attempt_at)}` : '') +
      (r.last_error ? `  last error: ${r.last_error}` : ''),
  );
  return {
    output: [
      `${rows.length} mail(s) not sent (pending ones are retried; failed ones wait for \`mail retry <id>\`):`,
      ...lines,
    ].join('\n'),
  };
}

/** `mail retry <id>`: a failed (or waiting) mail is tried again at once. */
export async function retryMail(db: Kysely<Database>, idText: string | undefined): Promise<AdminResult> {
  const id = Number(idText?.replace(/^#/, ''));
  if (!Number.isInteger(id) || id <= 0)
    throw new AdminCommandError('mail retry needs a mail number, e.g. mail retry 12.');
  const row = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: sql`now()`, claimed_until: null })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    // a failed mail past its retention has no recipient left to send to (ADR 104)
    .where('recipient', '<>', '')
    .returning(['id', 'kind'])
    .executeTakeFirst();
  if (!row) throw new AdminCommandError(`No unsent mail #${id}.`);
  return {
    output: `#${row.id} (${row.kind}) will be sent on the next round (within seconds while a server runs).`,
  };
}
