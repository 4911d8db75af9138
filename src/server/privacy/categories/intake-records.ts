import { sql } from 'kysely';
import { createIntakeStore } from '../../intake/store';
import type { DataCategory } from '../data-category';
import { iso } from '../data-category';

/** Client intake records (health data of minors): decrypted for the archive, purged with their events. */
export const intakeRecordsCategory: DataCategory = {
  name: 'intake-records',
  async export({ db, keys }, practitionerId) {
    const store = createIntakeStore(db, keys.encryption);
    const items = await store.list(practitionerId);
    const records = [];
    for (const item of items) {
      const record = await store.find(practitionerId, item.id);
      if (!record) continue;
      records.push({
        id: record.id,
        clientName: item.clientName,
        status: record.status,
        createdAt: iso(record.createdAt),
        updatedAt: iso(record.updatedAt),
        submittedAt: iso(record.submittedAt) || null,
        forms: record.forms,
        sections: record.sections,
      });
    }
    return {
      data: records,
      table: {
        columns: ['clientId', 'clientName', 'status', 'updatedAt'],
        rows: records.map((r) => [r.id, r.clientName, r.status, r.updatedAt]),
      },
    };
  },
  async purgeAccount(tx, practitionerId) {
    await sql`delete from client_intake_events where intake_id in
      (select id from client_intakes where practitioner_id = ${practitionerId})`.execute(tx);
    const result = await tx
      .deleteFrom('client_intakes')
      .where('practitioner_id', '=', practitionerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
  async purgeExpired(tx, clock) {
    const purge = async (rule: string, where: ReturnType<typeof sql>) => {
      await sql`delete from client_intake_events where intake_id in
        (select id from client_intakes where ${where})`.execute(tx);
      const { rows } = await sql<{ n: number }>`with gone as (
          delete from client_intakes where ${where} returning 1
        ) select count(*)::int as n from gone`.execute(tx);
      return { rule, count: rows[0]?.n ?? 0 };
    };
    return [
      await purge('deleted-record-grace-period', sql`deleted_at <= ${clock.graceCutoff}`),
      await purge('retention-period', sql`updated_at <= ${clock.retentionCutoff}`),
    ];
  },
};
