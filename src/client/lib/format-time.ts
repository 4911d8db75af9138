const locale = (lang: string) => (lang === 'tr' ? 'tr-TR' : 'en-GB');

/** 'HH:MM' on the day itself, else '22 November 2026, 14:05', in the reader's language. */
export function formatSavedAt(value: Date, lang: string, now: Date = new Date()): string {
  const sameDay = value.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(locale(lang), {
    hour: '2-digit',
    minute: '2-digit',
    ...(sameDay ? {} : { day: 'numeric', month: 'long', year: 'numeric' }),
  }).format(value);
}

/** An ISO date (`2014-03-09`) as '9 March 2014' / '9 Mart 2014', read as a calendar day (no time zone shift). */
export function formatIsoDate(value: string, lang: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(locale(lang), { day: 'numeric', month: 'long', year: 'numeric' }).format(
    date,
  );
}
