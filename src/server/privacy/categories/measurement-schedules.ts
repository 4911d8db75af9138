import { createScheduleStore } from '../../schedules/schedule-store';
import type { DataCategory } from '../data-category';
import { iso } from '../data-category';

/**
 * Measurement schedules (ADR 128): what goes out to whom and when, and what became of each planned sending. The
 * code every link of a schedule asks is a secret of the respondent's, not the practitioner's data: it stays out.
 */
export const measurementSchedulesCategory: DataCategory = {
  name: 'measurement-schedules',
  async export({ db, keys, say }, practitionerId) {
    const store = createScheduleStore(db, keys.encryption);
    const schedules = await store.everything(practitionerId);
    const occurrences = await store.occurrencesOf(schedules.map((s) => s.id));
    const data = schedules.map((s) => ({
      id: s.id,
      clientId: s.intakeId,
      questionnaire: s.questionnaireId,
      respondent: s.respondent,
      language: s.language,
      email: s.email,
      everyWeeks: s.everyWeeks,
      dates: s.dates,
      startOn: s.startOn,
      until: s.until,
      times: s.times,
      remindAfterDays: s.remindAfterDays,
      withCode: s.code !== null,
      state: s.state,
      createdAt: iso(s.createdAt),
      occurrences: occurrences
        .filter((o) => o.scheduleId === s.id)
        .map((o) => ({
          dueOn: o.dueOn,
          state: o.state,
          responseId: o.responseId,
          sentAt: iso(o.sentAt) || null,
          remindedAt: iso(o.remindedAt) || null,
          answeredAt: iso(o.answeredAt) || null,
        })),
    }));
    return {
      data,
      table: {
        columns: ['clientId', 'questionnaire', 'respondent', 'createdAt', 'status'],
        rows: schedules.map((s) => [
          say.client(s.intakeId),
          say.word(`questionnaires/${s.questionnaireId}`, '_form.title'),
          say.word('questionnaires', `respondents.${s.respondent}`),
          say.time(s.createdAt),
          say.word('privacy', `archive.values.scheduleState.${s.state}`),
        ]),
      },
    };
  },
  async purgeAccount(tx, practitionerId) {
    // the occurrences go with their schedule (on delete cascade)
    const result = await tx
      .deleteFrom('measurement_schedules')
      .where('practitioner_id', '=', practitionerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
