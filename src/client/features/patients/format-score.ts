/** A score as the language writes numbers (1,25 in Turkish, 1.25 in English), at most two decimals. */
export function formatScore(value: number, lang: string): string {
  return new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { maximumFractionDigits: 2 }).format(value);
}
