import { describe, expect, it } from 'vitest';
import { ageOn } from '../../../src/server/questionnaires/client-age';

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
