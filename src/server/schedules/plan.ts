import type { CreateScheduleInput } from '../../shared';
import { type FieldMessage, validationFailed } from '../errors';

/** More sendings than five years of weekly ones is a mistake, not a plan. */
export const MAX_OCCURRENCES = 260;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a real calendar day `YYYY-MM-DD` at UTC midnight; NaN for anything else (2026-02-30). */
function dayValue(day: string): number {
  const m = DAY.exec(day);
  if (!m) return Number.NaN;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(at).toISOString().slice(0, 10) === day ? at : Number.NaN;
}

const dayOf = (value: number) => new Date(value).toISOString().slice(0, 10);

/** `day` plus `days` calendar days. */
export const addDays = (day: string, days: number) => dayOf(dayValue(day) + days * DAY_MS);

/** The rule of a schedule, as stored. */
export interface ScheduleRule {
  everyWeeks: number | null;
  dates: string[] | null;
  startOn: string;
  until: string | null;
  times: number | null;
}

/**
 * The rule of a new schedule and every day it plans (ADR 128), or 400 naming the fields: exactly one of
 * `everyWeeks` with `startOn` and `dates`; with `everyWeeks`, exactly one of `until` and `times`; no day before
 * `today` (Istanbul); `until` after the first day; at most MAX_OCCURRENCES days.
 */
export function planOf(input: CreateScheduleInput, today: string): { rule: ScheduleRule; days: string[] } {
  const fields: Record<string, FieldMessage> = {};
  const byWeeks = input.everyWeeks !== undefined;
  const byDates = input.dates !== undefined;
  if (byWeeks && byDates) fields.dates = { key: 'schedules.everyWeeksOrDates' };
  else if (!byWeeks && !byDates) fields.everyWeeks = { key: 'schedules.ruleRequired' };
  else if (byWeeks && input.startOn === undefined) fields.startOn = { key: 'schedules.startRequired' };
  else if (byDates && input.startOn !== undefined) fields.startOn = { key: 'schedules.everyWeeksOrDates' };
  if (input.until !== undefined && input.times !== undefined)
    fields.times = { key: 'schedules.untilOrTimes' };
  else if (byWeeks && input.until === undefined && input.times === undefined)
    fields.until = { key: 'schedules.endRequired' };
  const invalid = { key: 'validation.invalid' };
  if (input.startOn !== undefined && Number.isNaN(dayValue(input.startOn))) fields.startOn ??= invalid;
  if (input.until !== undefined && Number.isNaN(dayValue(input.until))) fields.until ??= invalid;
  if (input.dates?.some((d) => Number.isNaN(dayValue(d)))) fields.dates ??= invalid;
  if (Object.keys(fields).length > 0) throw validationFailed(fields);

  const dates = input.dates ? [...input.dates].sort() : null;
  const startOn = dates ? dates[0]! : input.startOn!;
  if (startOn < today)
    throw validationFailed({ [dates ? 'dates' : 'startOn']: { key: 'schedules.pastDay' } });
  if (input.until !== undefined && input.until <= startOn)
    throw validationFailed({ until: { key: 'schedules.untilBeforeStart' } });

  let days: string[];
  if (dates) {
    days = dates.filter((d) => input.until === undefined || d <= input.until);
  } else {
    days = [];
    const step = input.everyWeeks! * 7;
    for (let day = startOn; days.length <= MAX_OCCURRENCES; day = addDays(day, step)) {
      if (input.until !== undefined ? day > input.until : days.length >= input.times!) break;
      days.push(day);
    }
  }
  if (input.times !== undefined) days = days.slice(0, input.times);
  if (days.length > MAX_OCCURRENCES)
    throw validationFailed({ until: { key: 'schedules.tooMany', params: { max: MAX_OCCURRENCES } } });
  return {
    rule: {
      everyWeeks: input.everyWeeks ?? null,
      dates,
      startOn,
      until: input.until ?? null,
      times: input.times ?? null,
    },
    days,
  };
}
