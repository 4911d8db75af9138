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

  it('turns at Istanbul midnight, not UTC: late evening UTC is already the next day in Istanbul', () => {
    // 22 November 2026, 21:30 UTC is 23 November, 00:30 in Istanbul (UTC+3)
    const lateEvening = new Date('2026-11-22T21:30:00Z');
    expect(ageOn('2016-11-23', lateEvening)).toBe(10);
    // 23 November 2026, 20:59 UTC is still 23 November in Istanbul; 21:00 UTC is the 24th
    expect(ageOn('2016-11-24', new Date('2026-11-23T20:59:00Z'))).toBe(9);
    expect(ageOn('2016-11-24', new Date('2026-11-23T21:00:00Z'))).toBe(10);
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
