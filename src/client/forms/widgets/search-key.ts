/** Letters a person on a keyboard without Turkish keys types in their place (after Turkish lower-casing). */
const PLAIN: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' };

/**
 * What a search compares: Turkish lower case ('ITU' -> 'ıtu', 'İTÜ' -> 'itü'), then Turkish letters and
 * accents folded to plain ones ('bogazici' finds 'Boğaziçi', 'ODTU' finds 'ODTÜ', 'itu' finds 'İTÜ').
 */
export function searchKey(text: string): string {
  return text
    .toLocaleLowerCase('tr')
    .replace(/[çğıöşü]/g, (letter) => PLAIN[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

export interface SearchEntry<T> {
  item: T;
  keys: string[];
}

/** The entries whose label or any alias (short names such as ODTÜ, METU) contains the query. */
export function searchEntries<T>(entries: readonly SearchEntry<T>[], query: string): T[] {
  const needle = searchKey(query.trim());
  if (needle === '') return entries.map((entry) => entry.item);
  return entries.filter((entry) => entry.keys.some((key) => key.includes(needle))).map((entry) => entry.item);
}
