import { describe, expect, it } from 'vitest';
import {
  digitsOf,
  joinDateParts,
  parseWholeDate,
  splitStoredDate,
} from '../../../src/client/forms/widgets/date-parts';

describe('date parts (day, month, year fields)', () => {
  it.each([
    [{ day: '6', month: '5', year: '2024' }, '2024-05-06'],
    [{ day: '27', month: '03', year: '2015' }, '2015-03-27'],
    [{ day: '31', month: '2', year: '2020' }, '2020-02-31'],
    [{ day: '27', month: '3', year: '' }, '-03-27'],
    [{ day: '', month: '', year: '' }, undefined],
  ])('%j is stored as %j', (parts, stored) => {
    expect(joinDateParts(parts)).toBe(stored);
  });

  it.each([
    ['2014-03-09', { day: '9', month: '3', year: '2014' }],
    ['-03-27', { day: '27', month: '3', year: '' }],
    ['2020-02-31', { day: '31', month: '2', year: '2020' }],
    [undefined, { day: '', month: '', year: '' }],
    ['garbage', { day: '', month: '', year: '' }],
  ])('%j is shown as %j', (stored, parts) => {
    expect(splitStoredDate(stored)).toEqual(parts);
  });

  it.each([
    ['27.03.2015', { day: '27', month: '3', year: '2015' }],
    ['27/3/2015', { day: '27', month: '3', year: '2015' }],
    ['27 3 2015', { day: '27', month: '3', year: '2015' }],
    ['2015-03-27', { day: '27', month: '3', year: '2015' }],
    ['27', undefined],
  ])('a pasted %j fills %j', (text, parts) => {
    expect(parseWholeDate(text)).toEqual(parts);
  });

  it('keeps only digits, at most the part length', () => {
    expect(digitsOf('2a0b1c5d9', 4)).toBe('2015');
  });
});
