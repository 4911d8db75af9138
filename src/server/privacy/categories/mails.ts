import { sql } from 'kysely';
import type { DataCategory } from '../data-category';
import { iso } from '../data-category';

/**
 * Mails sent to the practitioner or, for them, to a guardian, teacher or young person (ADR 104). The export
 * says when, which kind and what became of each; never an address, subject, text or link (links hold tokens).
 */
export const mailsCategory: DataCategory = {
  name: 'mails',
  async export({ db, say }, practitionerId) {
    const rows = await db
      .selectFrom('mail_outbox')
      .select(['kind', 'status', 'created_at', 'sent_at'])
      .where('account_id', '=', practitionerId)
      .orderBy('id')
      .execute();
    const mails = rows.map((m) => ({
      kind: m.kind,
      status: m.status,
      createdAt: iso(m.created_at),
      sentAt: iso(m.sent_at) || null,
    }));
    return {
      data: mails,
      table: {
        columns: ['createdAt', 'kind', 'status'],
        rows: mails.map((m) => [
          say.time(m.createdAt),
          say.word('privacy', `archive.values.mailKind.${m.kind}`),
          say.word('privacy', `archive.values.mailStatus.${m.status}`),
        ]),
      },
    };
  },
  async purgeAccount(tx, practitionerId) {
    const result = await tx
      .deleteFrom('mail_outbox')
      .where('account_id', '=', practitionerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
  // a delivered (or given up) mail needs its address no longer: what stays is when, which kind and its state
  async purgeExpired(tx, clock) {
    const { rows } = await sql<{ n: number }>`with blanked as (
        update mail_outbox set recipient = '', subject = '', text = '', html = '', links = '[]'
        where status in ('sent', 'failed') and finished_at <= ${clock.mailCutoff} and recipient <> ''
        returning 1
      ) select count(*)::int as n from blanked`.execute(tx);
    return [{ rule: 'mail-retention', count: rows[0]?.n ?? 0 }];
  },
};
