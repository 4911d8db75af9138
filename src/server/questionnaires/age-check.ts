import { type AgeRange, ERROR_CODES, outsideAgeRange } from '../../shared';
import { AppError, assertUuid } from '../errors';
import type { IntakeStore } from '../intake/store';
import { ageOn } from './client-age';

/** 409: the client's age (by the birth date) is outside the questionnaire's range and nobody confirmed it. */
const ageOutsideRange = (age: number, range: AgeRange) =>
  new AppError(409, ERROR_CODES.AGE_OUTSIDE_RANGE, 'questionnaires.ageOutsideRange', {
    params: { age, min: range.min, max: range.max },
    extra: { age, ageRange: range },
  });

/**
 * The one age rule of giving a questionnaire, in session or by a respondent link (ADR 109): outside its age range
 * (by the birth date in the intake) it is given only with `ageOverride`, else 409 AGE_OUTSIDE_RANGE. Answers
 * whether the practitioner overrode it, for the audit trail.
 */
export function createAgeCheck(
  intakeStore: Pick<IntakeStore, 'find'>,
  ageRangeOf: (questionnaireId: string) => AgeRange | undefined,
  now: () => Date,
) {
  return async (
    practitionerId: string,
    intakeId: string,
    questionnaireId: string,
    ageOverride: boolean | undefined,
  ): Promise<{ ageOverridden: boolean }> => {
    const range = ageRangeOf(questionnaireId);
    if (range === undefined) return { ageOverridden: false };
    assertUuid(intakeId);
    const record = await intakeStore.find(practitionerId, intakeId);
    const age = ageOn(record?.sections.demographics?.birthDate, now());
    if (!outsideAgeRange(age, range)) return { ageOverridden: false };
    if (ageOverride !== true) throw ageOutsideRange(age!, range);
    return { ageOverridden: true };
  };
}

export type AgeCheck = ReturnType<typeof createAgeCheck>;
