import { sql } from 'kysely';
import { createAuditService } from '../../audit/audit-service';
import type { DataCategory } from '../data-category';

/** The audit trail of the account's client data: kept for the retention period, then purged. */
export const auditEntriesCategory: DataCategory = {
  name: 'audit-entries',
  async export({ db, say }, practitionerId) {
    const entries = await createAuditService(db).forAccount(practitionerId);
    return {
      data: entries,
      table: {
        columns: ['at', 'action', 'recordType', 'clientName', 'address'],
        rows: entries.map((e) => [
          say.time(e.at),
          say.word('privacy', `history.actions.${e.action}`),
          say.word('privacy', `history.records.${e.recordType}`),
          say.client(e.clientId),
          e.address ?? '',
        ]),
      },
    };
  },
  async purgeAccount(tx, practitionerId) {
    const result = await tx
      .deleteFrom('audit_entries')
      .where('practitioner_id', '=', practitionerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
  async purgeExpired(tx, clock) {
    const { rows } = await sql<{ n: number }>`with gone as (
        delete from audit_entries where created_at <= ${clock.retentionCutoff} returning 1
      ) select count(*)::int as n from gone`.execute(tx);
    return [{ rule: 'retention-period', count: rows[0]?.n ?? 0 }];
  },
};
