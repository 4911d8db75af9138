/** A date in the reader's language: '22 November 2026' / '22 Kasım 2026'. Invalid input gives ''. */
export function formatDate(value: string | Date | null | undefined, language: string): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'tr' ? 'tr-TR' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}
