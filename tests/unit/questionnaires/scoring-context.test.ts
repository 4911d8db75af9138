import { describe, expect, it } from 'vitest';
import { scoringContextOf, sexOf } from '../../../src/server/questionnaires/scoring-context';

describe('the context a response is scored with (ADR 125)', () => {
  it.each([
    ['female', 'female'],
    ['male', 'male'],
    ['other', null],
    ['prefer_not_to_say', null],
    [undefined, null],
    ['Female', null],
  ])('reads the gender %j as sex %j', (gender, sex) => {
    expect(sexOf(gender)).toBe(sex);
  });

  it.each([
    // 01:30 in Istanbul on the birthday is still the day before in UTC: the birthday counts
    ['2026-03-09T22:30:00Z', 11],
    ['2026-03-09T20:59:00Z', 10],
    ['2026-03-10T12:00:00Z', 11],
  ])('counts whole years on the Istanbul day of the response (%s: %i)', (at, age) => {
    const context = scoringContextOf({ birthDate: '2015-03-10', gender: 'female' }, 'teacher', new Date(at));
    expect(context).toEqual({ respondent: 'teacher', age, sex: 'female' });
  });

  it('knows neither age nor sex without an intake, and keeps an unrecorded respondent null', () => {
    expect(scoringContextOf(undefined, null, new Date())).toEqual({ respondent: null, age: null, sex: null });
  });
});
