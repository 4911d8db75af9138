import type { QuestionnaireCatalog } from '../../forms/questionnaires';
import {
  type CreateScheduleInput,
  type DueOccurrenceView,
  ERROR_CODES,
  type IssuedScheduleView,
  type OccurrenceView,
  type ScheduleView,
} from '../../shared';
import { AppError, assertUuid, notFound, validationFailed } from '../errors';
import { assertVisibleClient } from '../intake/client-visibility';
import type { IntakeStore } from '../intake/store';
import { newCode } from '../links/link-service';
import { localDate } from '../local-time';
import type { AgeCheck } from '../questionnaires/age-check';
import { planOf } from './plan';
import type { OccurrenceRecord, ScheduleRecord, ScheduleStore } from './schedule-store';

export interface ScheduleServiceDeps {
  catalog: QuestionnaireCatalog;
  checkAge: AgeCheck;
  store: ScheduleStore;
  intakeStore: Pick<IntakeStore, 'list' | 'find'>;
  now: () => Date;
  db: Parameters<typeof assertVisibleClient>[0];
}

/** 409 CONFLICT: the schedule is not in a state that allows the change. */
const wrongState = (key: string) => new AppError(409, ERROR_CODES.CONFLICT, `schedules.${key}`);

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function occurrenceView(o: OccurrenceRecord): OccurrenceView {
  return {
    id: o.id,
    scheduleId: o.scheduleId,
    dueOn: o.dueOn,
    state: o.state,
    // the sender picks a link id when it claims an occurrence; it is the practitioner's once the link is sent
    linkId: o.state === 'due' || o.sentAt === null ? null : o.linkId,
    responseId: o.responseId,
    sentAt: iso(o.sentAt),
    remindedAt: iso(o.remindedAt),
    answeredAt: iso(o.answeredAt),
  };
}

export function scheduleView(s: ScheduleRecord, occurrences: OccurrenceRecord[]): ScheduleView {
  const next = s.state === 'active' ? occurrences.find((o) => o.state === 'due') : undefined;
  return {
    id: s.id,
    clientId: s.intakeId,
    questionnaireId: s.questionnaireId,
    respondent: s.respondent,
    language: s.language,
    email: s.email,
    everyWeeks: s.everyWeeks,
    dates: s.dates,
    startOn: s.startOn,
    until: s.until,
    times: s.times,
    remindAfterDays: s.remindAfterDays,
    hasCode: s.code !== null,
    state: s.state,
    nextDueOn: next?.dueOn ?? null,
    createdAt: s.createdAt.toISOString(),
    occurrences: occurrences.map(occurrenceView),
  };
}

/**
 * Measurement schedules (ADR 128), the practitioner's side: make one (every planned day stored at once), list a
 * client's, pause, resume and stop them, and see and cancel everything due. The sending is schedule-sender.ts.
 */
export function createScheduleService(deps: ScheduleServiceDeps) {
  const { catalog, store, now } = deps;
  const today = () => localDate(now());

  async function withOccurrences(schedules: ScheduleRecord[]): Promise<ScheduleView[]> {
    const occurrences = await store.occurrencesOf(schedules.map((s) => s.id));
    return schedules.map((s) =>
      scheduleView(
        s,
        occurrences.filter((o) => o.scheduleId === s.id),
      ),
    );
  }

  async function own(practitionerId: string, id: string) {
    assertUuid(id);
    const schedule = await store.find(practitionerId, id);
    if (!schedule) throw notFound();
    return schedule;
  }

  async function change(
    practitionerId: string,
    id: string,
    from: ScheduleRecord['state'][],
    to: ScheduleRecord['state'],
    refusal: (state: ScheduleRecord['state']) => string,
  ) {
    const schedule = await own(practitionerId, id);
    if (!(await store.changeState(practitionerId, id, from, to, now())))
      throw wrongState(refusal((await own(practitionerId, id)).state));
    return (await withOccurrences([await own(practitionerId, schedule.id)]))[0]!;
  }

  const ended = (state: string) => state === 'stopped' || state === 'finished';

  return {
    /**
     * Checks the client, the respondent, the age rule (as a link does: `ageOverride`) and the rule, then stores the
     * schedule and all its days; the code, when asked for, is answered once.
     */
    async create(
      practitionerId: string,
      intakeId: string,
      input: CreateScheduleInput,
    ): Promise<{ issued: IssuedScheduleView; ageOverridden: boolean }> {
      await assertVisibleClient(deps.db, practitionerId, intakeId);
      if (!catalog.has(input.questionnaireId))
        throw validationFailed({ questionnaireId: { key: 'questionnaires.unknown' } });
      const def = catalog.get(input.questionnaireId);
      if (!def.meta.respondents.includes(input.respondent))
        throw validationFailed({ respondent: { key: 'links.respondentNotAllowed' } });
      const { rule, days } = planOf(input, today());
      const { ageOverridden } = await deps.checkAge(practitionerId, intakeId, def.id, input.ageOverride);
      const code = input.withCode ? newCode() : null;
      const id = await store.create(
        practitionerId,
        {
          ...rule,
          intakeId,
          questionnaireId: input.questionnaireId,
          respondent: input.respondent,
          language: input.language,
          email: input.email,
          code,
          remindAfterDays: input.remindAfterDays ?? null,
        },
        days,
        now(),
      );
      const [schedule] = await withOccurrences([await own(practitionerId, id)]);
      return { issued: { schedule: schedule!, code }, ageOverridden };
    },

    async list(practitionerId: string, intakeId: string): Promise<ScheduleView[]> {
      await assertVisibleClient(deps.db, practitionerId, intakeId);
      return withOccurrences(await store.listForIntake(practitionerId, intakeId));
    },

    /** Nothing is sent while paused; occurrences whose day comes meanwhile wait (and show as due). */
    pause: (practitionerId: string, id: string) =>
      change(practitionerId, id, ['active'], 'paused', (s) => (ended(s) ? 'ended' : 'notActive')),

    /** Sends again: of the occurrences that came due meanwhile only the latest goes out (ADR 128). */
    resume: (practitionerId: string, id: string) =>
      change(practitionerId, id, ['paused'], 'active', (s) => (ended(s) ? 'ended' : 'notPaused')),

    /** Ends the schedule: what was not sent is cancelled; sent links stay open until they expire. */
    stop: (practitionerId: string, id: string) =>
      change(practitionerId, id, ['active', 'paused'], 'stopped', () => 'ended'),

    /** Everything due (not sent though its day came) or overdue, across the practitioner's clients. */
    async due(practitionerId: string): Promise<DueOccurrenceView[]> {
      const rows = await store.dueFor(practitionerId, today());
      if (rows.length === 0) return [];
      const names = new Map((await deps.intakeStore.list(practitionerId)).map((c) => [c.id, c.clientName]));
      return rows.map((row) => ({
        occurrence: occurrenceView(row.occurrence),
        clientId: row.intakeId,
        clientName: names.get(row.intakeId) ?? '',
        questionnaireId: row.questionnaireId,
        respondent: row.respondent,
      }));
    },

    /** Cancels one occurrence that is due or overdue; 409 once it went out, 404 for another's. */
    async cancel(practitionerId: string, id: string): Promise<{ view: OccurrenceView; clientId: string }> {
      assertUuid(id);
      const occurrence = await store.findOccurrence(practitionerId, id);
      if (!occurrence) throw notFound();
      if (!(await store.cancelOccurrence(id, now()))) throw wrongState('notCancellable');
      const schedule = (await store.find(practitionerId, occurrence.scheduleId))!;
      return {
        view: occurrenceView((await store.findOccurrence(practitionerId, id))!),
        clientId: schedule.intakeId,
      };
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
