/** A questionnaire's age range, as its metadata gives it (`questionnaire.json`). */
export interface AgeRange {
  min: number;
  max: number;
}

/**
 * Whether a client's age is outside a questionnaire's range: the give dialog warns and the server asks for the
 * practitioner's confirmation. An unknown age (no birth date) is never outside.
 */
export function outsideAgeRange(age: number | null, range: AgeRange): boolean {
  return age !== null && (age < range.min || age > range.max);
}
