import type { Lang } from '../../../forms/types';
import type { CreateScheduleInput, LinkRespondent, ScheduleView } from '../../../shared';
import { formatDay, isDay } from './days';

/**
 * The Repeat dialog's rules, apart from the dialog: what the practitioner typed, the defaults, the checks with
 * the message key of each field, and the body of POST /clients/:id/schedules.
 */

export interface ScheduleDraft {
  questionnaireId: string;
  respondent: LinkRespondent | '';
  language: Lang;
  email: string;
  /** Every N weeks from a day, or on listed days. */
  pattern: 'every' | 'dates';
  everyWeeks: string;
  startOn: string;
  dates: string[];
  /** After N sendings, or until a day (only for 'every'; listed days end by themselves). */
  end: 'times' | 'until';
  times: string;
  until: string;
  remind: boolean;
  remindAfterDays: string;
  withCode: boolean;
}

export type DraftField =
  | 'respondent'
  | 'email'
  | 'everyWeeks'
  | 'startOn'
  | 'dates'
  | 'times'
  | 'until'
  | 'remindAfterDays';

/** Field -> key under `dialog.errors` in the schedules namespace. */
export type DraftErrors = Partial<Record<DraftField, string>>;

/** The fields in the order the dialog shows them: the error summary lists them so, and focus goes to the first. */
export const FIELD_ORDER: DraftField[] = [
  'respondent',
  'email',
  'everyWeeks',
  'startOn',
  'dates',
  'times',
  'until',
  'remindAfterDays',
];

export const LIMITS = { everyWeeks: 52, times: 260, dates: 52, remindAfterDays: 14 } as const;

/** Every 4 weeks from today, 6 times, a reminder after 3 days: a practitioner's usual monthly measure. */
export function defaultDraft(today: string, language: Lang): ScheduleDraft {
  return {
    questionnaireId: '',
    respondent: '',
    language,
    email: '',
    pattern: 'every',
    everyWeeks: '4',
    startOn: today,
    dates: [today],
    end: 'times',
    times: '6',
    until: '',
    remind: true,
    remindAfterDays: '3',
    withCode: false,
  };
}

// the server checks the address too; this only catches a slip before the round trip
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function wholeNumber(value: string, max: number): number | undefined {
  if (!/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return n >= 1 && n <= max ? n : undefined;
}

/** The draft's mistakes (none: the body to send). `today` is Istanbul's: a schedule cannot start in the past. */
export function checkDraft(
  draft: ScheduleDraft,
  today: string,
): { errors: DraftErrors; input?: CreateScheduleInput } {
  const errors: DraftErrors = {};
  if (!draft.respondent) errors.respondent = 'respondent';
  const email = draft.email.trim();
  if (!email) errors.email = 'emailMissing';
  else if (!EMAIL.test(email) || email.length > 254) errors.email = 'emailInvalid';

  const everyWeeks = wholeNumber(draft.everyWeeks, LIMITS.everyWeeks);
  const times = wholeNumber(draft.times, LIMITS.times);
  const remindAfterDays = wholeNumber(draft.remindAfterDays, LIMITS.remindAfterDays);
  const dates = [...new Set(draft.dates.map((d) => d.trim()).filter(Boolean))].sort();

  if (draft.pattern === 'every') {
    if (everyWeeks === undefined) errors.everyWeeks = 'everyWeeks';
    if (!isDay(draft.startOn)) errors.startOn = 'startOnMissing';
    else if (draft.startOn < today) errors.startOn = 'startOnPast';
    if (draft.end === 'times' && times === undefined) errors.times = 'times';
    if (draft.end === 'until') {
      if (!isDay(draft.until)) errors.until = 'untilMissing';
      else if (isDay(draft.startOn) && draft.until <= draft.startOn) errors.until = 'untilBeforeStart';
    }
  } else if (dates.length === 0) errors.dates = 'datesMissing';
  else if (dates.some((d) => !isDay(d))) errors.dates = 'datesInvalid';
  else if (dates.some((d) => d < today)) errors.dates = 'datesPast';
  else if (dates.length > LIMITS.dates) errors.dates = 'datesTooMany';

  if (draft.remind && remindAfterDays === undefined) errors.remindAfterDays = 'remindAfterDays';
  if (Object.keys(errors).length > 0 || !draft.respondent) return { errors };

  const input: CreateScheduleInput = {
    questionnaireId: draft.questionnaireId,
    respondent: draft.respondent,
    language: draft.language,
    email,
    ...(draft.pattern === 'every'
      ? {
          everyWeeks,
          startOn: draft.startOn,
          ...(draft.end === 'times' ? { times } : { until: draft.until }),
        }
      : // listed days end with the last of them
        { dates }),
    ...(draft.remind ? { remindAfterDays } : {}),
    withCode: draft.withCode,
  };
  return { errors, input };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** 'Every 4 weeks from 26 November 2026, 6 times' / 'On 3 December 2026 and 7 January 2027'. */
export function ruleInWords(
  schedule: Pick<ScheduleView, 'everyWeeks' | 'startOn' | 'dates' | 'times' | 'until'>,
  t: Translate,
  lang: Lang,
): string {
  if (schedule.dates && schedule.dates.length > 0) {
    const days = schedule.dates.map((d) => formatDay(d, lang));
    return t('rule.onDates', { dates: new Intl.ListFormat(lang, { type: 'conjunction' }).format(days) });
  }
  const every = t('rule.every', { count: schedule.everyWeeks ?? 1, date: formatDay(schedule.startOn, lang) });
  if (schedule.until) return `${every}, ${t('rule.until', { date: formatDay(schedule.until, lang) })}`;
  if (schedule.times) return `${every}, ${t('rule.times', { count: schedule.times })}`;
  return every;
}
