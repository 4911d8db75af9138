/** One formatter per language: making an Intl.DateTimeFormat costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(language: string): Intl.DateTimeFormat {
  const locale = language === 'tr' ? 'tr-TR' : 'en-GB';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** A date in the reader's language: '22 November 2026' / '22 Kasım 2026'. Invalid input gives ''. */
export function formatDate(value: string | Date | null | undefined, language: string): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return formatterOf(language).format(date);
}
