import { sql } from 'kysely';
import { createIntakeStore } from '../../intake/store';
import type { DataCategory } from '../data-category';
import { iso } from '../data-category';

/** Client intake records (health data of minors): decrypted for the archive, purged with their events. */
export const intakeRecordsCategory: DataCategory = {
  name: 'intake-records',
  async export({ db, keys, say }, practitionerId) {
    const records = (await createIntakeStore(db, keys.encryption).everything(practitionerId)).map((r) => ({
      id: r.id,
      clientName: r.clientName,
      status: r.status,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      submittedAt: iso(r.submittedAt) || null,
      // a deleted record is still held until its purge, so it is still the practitioner's to see
      deletedAt: iso(r.deletedAt) || null,
      forms: r.forms,
      sections: r.sections,
    }));
    return {
      data: records,
      table: {
        columns: ['clientName', 'status', 'updatedAt', 'deletedAt'],
        rows: records.map((r) => [
          r.clientName,
          say.word('privacy', `archive.values.intakeStatus.${r.status}`),
          say.time(r.updatedAt),
          say.time(r.deletedAt),
        ]),
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
      // a questionnaire answered lately is activity too: the record stays with it
      await purge(
        'retention-period',
        sql`updated_at <= ${clock.retentionCutoff} and not exists (select 1 from questionnaire_responses r
          where r.intake_id = client_intakes.id and r.updated_at > ${clock.retentionCutoff})`,
      ),
    ];
  },
};
