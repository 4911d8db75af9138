import type { Lang } from '../forms/types';

/** Practitioners read times where they work; the product serves Turkey (ADR 114). */
export const LOCAL_TIME_ZONE = 'Europe/Istanbul';

const parts = (at: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: LOCAL_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;

/** `2026-11-26`: the Istanbul calendar day, for file names. */
export function localDate(at: Date): string {
  const p = parts(at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `2026-11-26 14:05`: Istanbul time in the form spreadsheets in either language read as a date and time. */
export function localDateTime(at: Date): string {
  const p = parts(at);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** `26 Kasım 2026 14:05` / `26 November 2026, 14:05`: Istanbul time for people to read. */
export function readableDateTime(at: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: LOCAL_TIME_ZONE,
  }).format(at);
}
