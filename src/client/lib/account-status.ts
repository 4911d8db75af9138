import { ACCOUNT_STATUSES, type AccountStatus } from '../../shared';

const TURKISH_FOLD: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' };

/**
 * The comparable form of a status value: Turkish-aware lower case, Turkish letters folded to plain
 * ones, whitespace runs to underscores ('PENDİNG VERİFİCATİON' -> 'pending_verification').
 * Returns undefined for a missing or blank value.
 */
export function foldStatus(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return value
    .trim()
    .toLocaleLowerCase('tr')
    .replace(/[çğıöşü]/g, (letter) => TURKISH_FOLD[letter] ?? letter)
    .replace(/\s+/g, '_');
}

/** Whether a folded value is one of the statuses the product knows. */
export function isKnownStatus(value: string | undefined): value is AccountStatus {
  return (ACCOUNT_STATUSES as readonly string[]).includes(value ?? '');
}

/** The known status a raw value stands for, if any. */
export function toAccountStatus(value: string | null | undefined): AccountStatus | undefined {
  const folded = foldStatus(value);
  return isKnownStatus(folded) ? folded : undefined;
}
