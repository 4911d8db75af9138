/**
 * Domain formats, defined once for the browser and the server (and referenced by precompiled validators).
 * Format functions return true for values they do not judge; `type` says which JSON type they apply to.
 */
const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;

/** Turkish national ID: 11 digits, first not 0, 10th and 11th digits are checksums. */
export function isTurkishNationalId(value: string): boolean {
  if (!/^[1-9][0-9]{10}$/.test(value)) return false;
  const d = Array.from(value, Number) as number[] & { length: 11 };
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  if (tenth !== d[9]) return false;
  const sumFirstTen = d.slice(0, 10).reduce((a, b) => a + b, 0);
  return sumFirstTen % 10 === d[10];
}

/** Spaces, dashes, dots and parentheses people type between digit groups: `(0532) 123-45-67`. */
const PHONE_SEPARATORS = /[\s\-.()]/g;

/**
 * A Turkish phone number in its stored form `+905321234567` (ADR 061), or undefined when it is not one.
 * Accepts an optional +90, 0090 or 0 prefix and separators between the digits.
 */
export function normalizeTurkishPhone(value: string): string | undefined {
  const digits = value.replace(PHONE_SEPARATORS, '');
  const match = /^(?:\+90|0090|0)?([1-9][0-9]{9})$/.exec(digits);
  return match ? `+90${match[1]}` : undefined;
}

/** Turkish phone: optional +90 or 0, then 10 digits, the first non-zero; separators allowed. */
export function isTurkishPhone(value: string): boolean {
  return normalizeTurkishPhone(value) !== undefined;
}

/** RFC 5322's atom characters: the words of an address's local part, between dots. */
const ATOM = "[\\w!#$%&'*+/=?^`{|}~-]+";
/** A host name label: letters and digits, hyphens inside. */
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LABEL}$`, 'i');

/** An e-mail address as people type it: dot-separated words, `@`, a host name with at least one dot. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Letters (Turkish ones included) and spaces; empty is left to minLength. */
export function isPersonName(value: string): boolean {
  return /^[A-Za-zÇĞİÖŞÜçğıöşüÂÎÛâîû ]*$/.test(value);
}

/** Today's date in the local calendar, as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

function parseIsoDate(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d);
  // rejects 2026-02-30, which Date would roll over into March
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return undefined;
  return date;
}

/**
 * A whole date that no calendar has (`2014-02-31`, `2014-13-01`): refused even in a draft, unlike a date not
 * finished yet (`-02-14`) or one in the future, which a draft keeps and flags.
 */
export function isImpossibleDate(value: unknown): boolean {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && parseIsoDate(value) === undefined;
}

/** The formats whose value is an ISO date. */
export const DATE_FORMATS: ReadonlySet<string> = new Set(['past-date', 'birth-date']);

/** A real calendar date (YYYY-MM-DD) that is not after today. */
export function isPastDate(value: string, now: Date = new Date()): boolean {
  return parseIsoDate(value) !== undefined && value <= todayIso(now);
}

/** Age in 365.25-day years at `now`. */
export function ageInYears(birthDate: string, now: Date = new Date()): number | undefined {
  const date = parseIsoDate(birthDate);
  if (!date) return undefined;
  const today = parseIsoDate(todayIso(now))!;
  return (today.getTime() - date.getTime()) / YEAR_MS;
}

/** A birth date giving an age of 0 to 100 years. */
export function isBirthDate(value: string, now: Date = new Date()): boolean {
  const age = ageInYears(value, now);
  return age !== undefined && age >= 0 && age <= 100;
}

/** A year not after the current one. */
export function isNotFutureYear(value: number, now: Date = new Date()): boolean {
  return Number.isInteger(value) && value <= now.getFullYear();
}

/**
 * Every format the schemas may name (check:forms refuses a schema naming another: Ajv would ignore it).
 * Precompiled validators import this object by name, so its export name and module path are part of the
 * precompilation contract. The product's own: a page does not ship a general format library (ADR 099).
 */
export const formats = {
  email: { type: 'string', validate: (v: string) => isEmail(v) },
  'tr-national-id': { type: 'string', validate: (v: string) => isTurkishNationalId(v) },
  'tr-phone': { type: 'string', validate: (v: string) => isTurkishPhone(v) },
  'person-name': { type: 'string', validate: (v: string) => isPersonName(v) },
  'past-date': { type: 'string', validate: (v: string) => isPastDate(v) },
  'birth-date': { type: 'string', validate: (v: string) => isBirthDate(v) },
  'not-future-year': { type: 'number', validate: (v: number) => isNotFutureYear(v) },
} as const;

export type FormatName = keyof typeof formats;

/** Formats whose values are stored in one canonical spelling: applied before validating and storing. */
export const normalizers: Partial<Record<string, (value: string) => string | undefined>> = {
  'tr-phone': normalizeTurkishPhone,
};
