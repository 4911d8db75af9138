/** Calendar days as the schedules count them: YYYY-MM-DD in Istanbul, where the practitioner and client are. */

const ISTANBUL = 'Europe/Istanbul';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in Istanbul, whatever the device's time zone. */
export function istanbulToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ISTANBUL,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** '26 November 2026' / '26 Kasım 2026' for a day; the day is read as it is written, not shifted by a time zone. */
export function formatDay(day: string | null | undefined, lang: string): string {
  if (!day || !isDay(day)) return '';
  return new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
