import { describe, expect, it } from 'vitest';
import { changeHeadline, changeWords } from '../../../src/client/features/patients/change-words';
import { labelsWithRange, reliableChangeIndex } from '../../../src/forms/questionnaires/change';
import { bandGapOf, type ChangeCriteria } from '../../../src/shared';

const WORSE: ChangeCriteria = { threshold: 4, cutoff: 11, higherIs: 'worse' };
const band = { id: 'typical', labelKey: 'typical', severity: 'none' };

describe('why a score has no band', () => {
  it('is "not scored" only where there is no raw score', () => {
    expect(bandGapOf(null, null, 'notScored')).toBe('notScored');
    expect(bandGapOf(null, null, undefined)).toBe('notScored');
  });

  it.each(['noGroup', 'sexUnknown', 'ageUnknown', 'ageOutside'] as const)(
    'is "no norms for this client" where a raw score has no normed score (%s)',
    (gap) => {
      expect(bandGapOf(7, null, gap)).toBe('noNorms');
    },
  );

  it('is nothing where the score has its band, or no norms were asked of it', () => {
    expect(bandGapOf(7, band, undefined)).toBeNull();
    expect(bandGapOf(7, band, 'sexUnknown')).toBeNull();
    expect(bandGapOf(7, null, undefined)).toBeNull();
  });
});

describe("a first score's range", () => {
  it('is said although it has no change to tell', () => {
    expect(labelsWithRange(WORSE, 12, null)).toEqual({
      sinceFirst: null,
      sincePrevious: null,
      clinical: true,
      crossed: null,
    });
    expect(labelsWithRange(WORSE, 5, null)?.clinical).toBe(false);
  });

  it('keeps a later score its own labels, and says nothing without a cut-off or a score', () => {
    const own = {
      sinceFirst: 'improved',
      sincePrevious: null,
      clinical: false,
      crossed: 'intoTypical',
    } as const;
    expect(labelsWithRange(WORSE, 5, own)).toBe(own);
    expect(labelsWithRange({ ...WORSE, cutoff: null }, 12, null)).toBeNull();
    expect(labelsWithRange(WORSE, null, null)).toBeNull();
    expect(labelsWithRange(null, 12, null)).toBeNull();
  });
});

describe('the reliable change index', () => {
  it('is the difference over the standard error of the difference: ±1.96 exactly at the threshold', () => {
    expect(reliableChangeIndex(WORSE, 10, 14)).toBeCloseTo(1.96, 10);
    expect(reliableChangeIndex(WORSE, 15, 8)).toBeCloseTo(-3.43, 10);
    expect(reliableChangeIndex({ ...WORSE, threshold: null }, 15, 8)).toBeNull();
  });

  it('is said as a number beside the words of the change since the first', () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      options ? `${key}(${Object.values(options).join(',')})` : key;
    const change = {
      sinceFirst: 'improved',
      sincePrevious: 'noChange',
      clinical: false,
      crossed: null,
    } as const;
    expect(changeWords(change, t, '-3.43')).toEqual([
      'change.sinceFirst: change.improved (change.rci(-3.43))',
      'change.sincePrevious: change.noChange',
    ]);
    expect(changeHeadline(change, t, '-3.43')).toBe(
      'change.shown.sinceFirst(change.improved) (change.rci(-3.43))',
    );
    expect(changeWords(change, t)).toEqual([
      'change.sinceFirst: change.improved',
      'change.sincePrevious: change.noChange',
    ]);
  });
});
