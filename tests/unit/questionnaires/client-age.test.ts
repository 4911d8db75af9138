import { describe, expect, it } from 'vitest';
import { ageOn } from '../../../src/server/questionnaires/client-age';
import { outsideAgeRange } from '../../../src/shared';

const today = new Date('2026-11-23T10:00:00Z');

describe("a client's age in the client list", () => {
  it.each([
    ['2016-11-23', 10],
    ['2016-11-24', 9],
    ['2016-12-01', 9],
    ['2016-01-31', 10],
    ['2026-11-23', 0],
  ])('born %s is %i on 23 November 2026', (birthDate, age) => {
    expect(ageOn(birthDate, today)).toBe(age);
  });

  it.each([[undefined], [''], ['23.11.2016'], ['2016-13-01'], ['2027-01-01'], [20161123]])(
    'is unknown (null) for %j',
    (birthDate) => {
      expect(ageOn(birthDate, today)).toBeNull();
    },
  );
});

describe('outsideAgeRange: whether giving a questionnaire needs a confirmation', () => {
  const range = { min: 6, max: 12 };
  it.each([
    [5, true],
    [6, false],
    [12, false],
    [13, true],
    [null, false],
  ])('age %s against ages 6 to 12: %s', (age, outside) => {
    expect(outsideAgeRange(age, range)).toBe(outside);
  });
});
