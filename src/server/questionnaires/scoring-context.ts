import type { ScoringContext } from '../../forms/questionnaires';
import type { QuestionnaireRespondent, SectionData } from '../../shared';
import { ageOn } from './client-age';

/** The sex norms are read by, from the intake's gender: only female and male have norm groups of their own. */
export function sexOf(gender: unknown): ScoringContext['sex'] {
  return gender === 'female' || gender === 'male' ? gender : null;
}

/**
 * What a response is scored with (ADR 125): who answered, the client's age in whole years on the response date
 * (from the intake's birth date) and sex (from its gender); null for what the intake does not say. The response
 * date is the calendar day in Istanbul, where the practitioner and the client are: a birthday starts there.
 */
export function scoringContextOf(
  demographics: SectionData | undefined,
  respondent: QuestionnaireRespondent | null,
  on: Date,
): ScoringContext {
  return {
    respondent,
    age: ageOn(demographics?.birthDate, on),
    sex: sexOf(demographics?.gender),
  };
}
