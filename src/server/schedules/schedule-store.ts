import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Lang } from '../../forms/types';
import type { LinkRespondent, OccurrenceState, ScheduleState } from '../../shared';
import { decryptJson, encryptJson } from '../crypto/encryption';
import type { Database } from '../db/schema';
import { visibleClientIds } from '../intake/client-visibility';
import type { ScheduleRule } from './plan';

const emailContext = (id: string) => `measurement-schedule:${id}:email`;
const codeContext = (id: string) => `measurement-schedule:${id}:code`;

export interface ScheduleRecord extends ScheduleRule {
  id: string;
  practitionerId: string;
  intakeId: string;
  questionnaireId: string;
  respondent: LinkRespondent;
  language: Lang;
  email: string;
  code: string | null;
  remindAfterDays: number | null;
  state: ScheduleState;
  createdAt: Date;
}

export interface OccurrenceRecord {
  id: string;
  scheduleId: string;
  dueOn: string;
  state: OccurrenceState;
  claimedAt: Date | null;
  linkId: string | null;
  responseId: string | null;
  sentAt: Date | null;
  remindedAt: Date | null;
  answeredAt: Date | null;
  cancelledAt: Date | null;
}

export interface NewSchedule extends ScheduleRule {
  intakeId: string;
  questionnaireId: string;
  respondent: LinkRespondent;
  language: Lang;
  email: string;
  code: string | null;
  remindAfterDays: number | null;
}

export const occurrenceOf = (row: Selectable<Database['schedule_occurrences']>): OccurrenceRecord => ({
  id: row.id,
  scheduleId: row.schedule_id,
  dueOn: row.due_on,
  state: row.state,
  claimedAt: row.claimed_at && new Date(row.claimed_at),
  linkId: row.link_id,
  responseId: row.response_id,
  sentAt: row.sent_at && new Date(row.sent_at),
  remindedAt: row.reminded_at && new Date(row.reminded_at),
  answeredAt: row.answered_at && new Date(row.answered_at),
  cancelledAt: row.cancelled_at && new Date(row.cancelled_at),
});

/** Occurrences a practitioner still has to look at: not sent and no longer waiting for a later day. */
const WAITING: OccurrenceState[] = ['due'];

/**
 * Storage of measurement schedules (ADR 128): the practitioner's side always applies the client's visibility rule
 * (ADR 103), so another practitioner's schedule or a deleted client's answers nothing; the sender reads past it
 * with its own rule (schedule-sender.ts).
 */
export function createScheduleStore(db: Kysely<Database>, key: Buffer) {
  const recordOf = (row: Selectable<Database['measurement_schedules']>): ScheduleRecord => ({
    id: row.id,
    practitionerId: row.practitioner_id,
    intakeId: row.intake_id,
    questionnaireId: row.questionnaire_id,
    respondent: row.respondent,
    language: row.language,
    email: decryptJson<string>(key, row.email_encrypted, emailContext(row.id)),
    code: row.code_encrypted ? decryptJson<string>(key, row.code_encrypted, codeContext(row.id)) : null,
    everyWeeks: row.every_weeks,
    dates: row.dates === null ? null : (JSON.parse(row.dates) as string[]),
    startOn: row.start_on,
    until: row.until_on,
    times: row.times,
    remindAfterDays: row.remind_after_days,
    state: row.state,
    createdAt: new Date(row.created_at),
  });

  const visible = (practitionerId: string) =>
    db
      .selectFrom('measurement_schedules')
      .selectAll()
      .where('practitioner_id', '=', practitionerId)
      .where('intake_id', 'in', visibleClientIds(db, practitionerId));

  return {
    recordOf,

    /** The schedule and every planned day, in one transaction. */
    async create(practitionerId: string, input: NewSchedule, days: string[], now: Date): Promise<string> {
      const id = randomUUID();
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('measurement_schedules')
          .values({
            id,
            practitioner_id: practitionerId,
            intake_id: input.intakeId,
            questionnaire_id: input.questionnaireId,
            respondent: input.respondent,
            language: input.language,
            email_encrypted: encryptJson(key, input.email, emailContext(id)),
            code_encrypted: input.code === null ? null : encryptJson(key, input.code, codeContext(id)),
            every_weeks: input.everyWeeks,
            dates: input.dates === null ? null : JSON.stringify(input.dates),
            start_on: input.startOn,
            until_on: input.until,
            times: input.times,
            remind_after_days: input.remindAfterDays,
            created_at: now,
            changed_at: now,
          })
          .execute();
        await tx
          .insertInto('schedule_occurrences')
          .values(days.map((day) => ({ id: randomUUID(), schedule_id: id, due_on: day })))
          .execute();
      });
      return id;
    },

    /** The practitioner's own schedule of a client they see; undefined otherwise or for an unknown id. */
    async find(practitionerId: string, id: string): Promise<ScheduleRecord | undefined> {
      const row = await visible(practitionerId).where('id', '=', id).executeTakeFirst();
      return row && recordOf(row);
    },

    /** The schedules of one client, oldest first. */
    async listForIntake(practitionerId: string, intakeId: string): Promise<ScheduleRecord[]> {
      const rows = await visible(practitionerId)
        .where('intake_id', '=', intakeId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(recordOf);
    },

    /** Every schedule of the practitioner, a deleted client's included, oldest first: the account archive. */
    async everything(practitionerId: string): Promise<ScheduleRecord[]> {
      const rows = await db
        .selectFrom('measurement_schedules')
        .selectAll()
        .where('practitioner_id', '=', practitionerId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(recordOf);
    },

    /** The occurrences of the given schedules, in due order. */
    async occurrencesOf(scheduleIds: string[]): Promise<OccurrenceRecord[]> {
      if (scheduleIds.length === 0) return [];
      const rows = await db
        .selectFrom('schedule_occurrences')
        .selectAll()
        .where('schedule_id', 'in', scheduleIds)
        .orderBy('due_on')
        .execute();
      return rows.map(occurrenceOf);
    },

    /** Moves a schedule from one of `from` to `to`; false when it was in none of them. */
    async changeState(
      practitionerId: string,
      id: string,
      from: ScheduleState[],
      to: ScheduleState,
      now: Date,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('measurement_schedules')
          .set({ state: to, changed_at: now })
          .where('id', '=', id)
          .where('practitioner_id', '=', practitionerId)
          .where('intake_id', 'in', visibleClientIds(tx, practitionerId))
          .where('state', 'in', from)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        // stopping cancels what was not sent; what was sent keeps its link and its state
        if (to === 'stopped')
          await tx
            .updateTable('schedule_occurrences')
            .set({ state: 'cancelled', cancelled_at: now })
            .where('schedule_id', '=', id)
            .where('state', 'in', WAITING)
            .execute();
        return true;
      });
    },

    /** The practitioner's occurrence with its schedule, of a client they see. */
    async findOccurrence(practitionerId: string, id: string) {
      const row = await db
        .selectFrom('schedule_occurrences')
        .selectAll()
        .where('id', '=', id)
        .where('schedule_id', 'in', (eb) =>
          eb
            .selectFrom('measurement_schedules')
            .select('id')
            .where('practitioner_id', '=', practitionerId)
            .where('intake_id', 'in', visibleClientIds(db, practitionerId)),
        )
        .executeTakeFirst();
      return row && occurrenceOf(row);
    },

    /** Cancels a waiting or overdue occurrence; false when it was sent or answered meanwhile. */
    async cancelOccurrence(id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('schedule_occurrences')
        .set({ state: 'cancelled', cancelled_at: now })
        .where('id', '=', id)
        // a due one the sender has claimed is being sent: it cannot be taken back half-way
        .where((eb) =>
          eb.or([
            eb('state', '=', 'overdue'),
            eb.and([eb('state', '=', 'due'), eb('claimed_at', 'is', null)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Occurrences of the practitioner's visible clients that need a look: due on `today` or earlier and not sent
     * (a paused schedule's, or one the sender has not reached), and overdue ones; oldest first.
     */
    async dueFor(practitionerId: string, today: string) {
      const rows = await db
        .selectFrom('schedule_occurrences as o')
        .innerJoin('measurement_schedules as s', 's.id', 'o.schedule_id')
        .selectAll('o')
        .select(['s.intake_id', 's.questionnaire_id', 's.respondent'])
        .where('s.practitioner_id', '=', practitionerId)
        .where('s.intake_id', 'in', visibleClientIds(db, practitionerId))
        .where((eb) =>
          eb.or([
            eb.and([
              eb('o.state', '=', 'due'),
              eb('o.due_on', '<=', today),
              eb('s.state', 'in', ['active', 'paused']),
            ]),
            eb('o.state', '=', 'overdue'),
          ]),
        )
        .orderBy('o.due_on')
        .orderBy('o.id')
        .execute();
      return rows.map((row) => ({
        occurrence: occurrenceOf(row),
        intakeId: row.intake_id,
        questionnaireId: row.questionnaire_id,
        respondent: row.respondent,
      }));
    },
  };
}

export type ScheduleStore = ReturnType<typeof createScheduleStore>;
