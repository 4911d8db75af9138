/** A date as the three fields a person types: day, month and year, digits only, as typed. */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export const EMPTY_DATE: DateParts = { day: '', month: '', year: '' };

/**
 * The parts of a stored value: an ISO date ('2015-03-27'), or what an unfinished entry was kept as
 * ('-03-27' when the year is missing). Anything else starts empty.
 */
export function splitStoredDate(value: unknown): DateParts {
  if (typeof value !== 'string') return EMPTY_DATE;
  const match = /^(\d*)-(\d*)-(\d*)$/.exec(value);
  if (!match) return EMPTY_DATE;
  const [, year = '', month = '', day = ''] = match;
  return { day: day.replace(/^0(?=\d)/, ''), month: month.replace(/^0(?=\d)/, ''), year };
}

/**
 * The value to store: undefined when all three are empty; otherwise 'YYYY-MM-DD' with day and month
 * zero-padded. An impossible or unfinished date ('2015-02-31', '-03-27') is stored as typed, so the form's
 * date rule reports it in the usual words and a draft keeps what was typed.
 */
export function joinDateParts(parts: DateParts): string | undefined {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  if (!day && !month && !year) return undefined;
  const pad = (text: string) => (text.length === 1 ? `0${text}` : text);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A whole date pasted or typed into one field: '2015-03-27', '27.03.2015', '27/3/2015', '27 3 2015'. */
export function parseWholeDate(text: string): DateParts | undefined {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso) return { year: iso[1]!, month: String(Number(iso[2])), day: String(Number(iso[3])) };
  const local = /^(\d{1,2})[./\s-]+(\d{1,2})[./\s-]+(\d{4})$/.exec(trimmed);
  if (local) return { day: String(Number(local[1])), month: String(Number(local[2])), year: local[3]! };
  return undefined;
}

/** Keeps the digits of a part, at most `max` of them. */
export function digitsOf(text: string, max: number): string {
  return text.replace(/\D/g, '').slice(0, max);
}
