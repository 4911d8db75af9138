import { yearEndingOn } from '../../shared';
import type { FieldMessage } from '../errors';
import { localDate } from '../local-time';

/** A report's period: Istanbul days, both included, and the instants that bound them. */
export interface Period {
  from: string;
  to: string;
  /** Midnight in Istanbul at the start of `from`. */
  start: Date;
  /** Midnight in Istanbul after `to`. */
  end: Date;
}

// Turkey keeps UTC+3 all year since 2016; a report of earlier years is off by at most an hour at its edges
const midnight = (day: string) => new Date(`${day}T00:00:00+03:00`);

const shiftDays = (day: string, days: number) => {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** The asked period (default: the twelve months up to today in Istanbul), or the fields that make it wrong. */
export function periodOf(
  query: { from?: string; to?: string },
  now: Date,
): Period | { fields: Record<string, FieldMessage> } {
  const to = query.to ?? localDate(now);
  const from = query.from ?? yearEndingOn(to);
  if (from > to) {
    const message = { key: 'reports.periodOrder' };
    return { fields: { from: message, to: message } };
  }
  return { from, to, start: midnight(from), end: midnight(shiftDays(to, 1)) };
}
