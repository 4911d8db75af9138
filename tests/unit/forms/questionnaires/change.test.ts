import { describe, expect, it } from 'vitest';
import { loadQuestionnaireCatalog } from '../../../../src/forms/node';
import {
  catalogCriteria,
  changeCriteriaOf,
  changeLabels,
  inClinicalRange,
  reliableChange,
} from '../../../../src/forms/questionnaires/index.ts';
import type { ChangeCriteria } from '../../../../src/shared/questionnaires.ts';

// Jacobson & Truax (1991): SE = SD·√(1 − r), SE_diff = √2·SE, RCI = (x2 − x1) / SE_diff, reliable when |RCI| ≥ 1.96,
// so the smallest reliable raw change is 1.96·SE_diff. Every figure below is worked by hand from those formulas.

// SD 5, r 0.8: SE = 5·√0.2 = 2.2361; SE_diff = √2·2.2361 = 3.1623; threshold = 1.96·3.1623 = 6.1981
const sd5 = changeCriteriaOf({ change: { sd: 5, reliability: 0.8 } })!;

describe('changeCriteriaOf: the threshold and cut-off a scoring file gives (ADR 127)', () => {
  it('works the threshold out from SD and reliability: SD 5, r 0.8 → 6.198', () => {
    expect(sd5.threshold).toBeCloseTo(6.1981, 4);
    expect(sd5).toMatchObject({ cutoff: null, higherIs: 'worse' });
  });

  it('works it out for the shipped School Day focus scale: SD 3.2, r 0.84 → SE 1.28, SE_diff 1.8102, 3.548', () => {
    const focus = changeCriteriaOf({ change: { sd: 3.2, reliability: 0.84, cutoff: 9 } })!;
    expect(focus.threshold).toBeCloseTo(3.548, 3);
    expect(focus.cutoff).toBe(9);
  });

  it('takes a threshold the manual gives as it is', () => {
    expect(changeCriteriaOf({ change: { threshold: 4 } })).toEqual({
      threshold: 4,
      cutoff: null,
      higherIs: 'worse',
    });
  });

  it.each([
    // criterion b: two normative SDs beyond the normative mean on the worse side: 6 + 2·4 = 14; 50 − 2·10 = 30
    ['worse', 6, 4, 14],
    ['better', 50, 10, 30],
  ] as const)(
    'works the cut-off out from the normative mean and SD when higher is %s',
    (higherIs, mean, sd, cutoff) => {
      const criteria = changeCriteriaOf({
        higherIs,
        change: { threshold: 3, normativeMean: mean, normativeSd: sd },
      });
      expect(criteria).toEqual({ threshold: 3, cutoff, higherIs });
    },
  );

  it.each([
    // criterion c, both populations: (s0·M1 + s1·M0) / (s0 + s1) = (4·18 + 6·6) / (4 + 6) = 108 / 10 = 10.8
    ['c', 'worse', { normativeMean: 6, normativeSd: 4, clinicalMean: 18, clinicalSd: 6 }, 10.8],
    // (10·30 + 5·50) / (10 + 5) = 550 / 15 = 36.667
    ['c', 'better', { normativeMean: 50, normativeSd: 10, clinicalMean: 30, clinicalSd: 5 }, 36.667],
    // criterion a, the clinical population only: two clinical SDs toward better: 18 − 2·6 = 6; 30 + 2·5 = 40
    ['a', 'worse', { clinicalMean: 18, clinicalSd: 6 }, 6],
    ['a', 'better', { clinicalMean: 30, clinicalSd: 5 }, 40],
  ] as const)(
    'works the cut-off out by criterion %s when higher is %s',
    (_criterion, higherIs, means, cutoff) => {
      const criteria = changeCriteriaOf({ higherIs, change: { threshold: 3, ...means } })!;
      expect(criteria.cutoff).toBeCloseTo(cutoff, 3);
    },
  );

  it('takes the file’s own cut-off before any mean', () => {
    const criteria = changeCriteriaOf({
      change: { threshold: 3, cutoff: 9, normativeMean: 6, normativeSd: 4 },
    });
    expect(criteria?.cutoff).toBe(9);
  });

  it('gives nothing for a scale without change parameters', () => {
    expect(changeCriteriaOf({})).toBeNull();
    expect(changeCriteriaOf({ higherIs: 'better' })).toBeNull();
  });
});

describe('reliableChange: larger than measurement error, in the direction the file gives', () => {
  it.each([
    // higher is worse, threshold 6.198
    [20, 13, 'improved'], // −7: |RCI| = 7 / 3.1623 = 2.214 ≥ 1.96
    [20, 14, 'noChange'], // −6: |RCI| = 6 / 3.1623 = 1.897 < 1.96
    [20, 27, 'deteriorated'], // +7: RCI = 2.214
    [20, 26, 'noChange'], // +6: RCI = 1.897
    [20, 20, 'noChange'],
  ] as const)('higher is worse: %d → %d is %s', (from, to, label) => {
    expect(reliableChange(sd5, from, to)).toBe(label);
  });

  it.each([
    [20, 27, 'improved'],
    [20, 13, 'deteriorated'],
    [20, 26, 'noChange'],
  ] as const)('higher is better: %d → %d is %s', (from, to, label) => {
    const better: ChangeCriteria = { ...sd5, higherIs: 'better' };
    expect(reliableChange(better, from, to)).toBe(label);
  });

  it('counts a change equal to the threshold as reliable (|RCI| ≥ 1.96), also when floating point misses it', () => {
    expect(reliableChange({ threshold: 4, cutoff: null, higherIs: 'worse' }, 10, 6)).toBe('improved');
    expect(reliableChange({ threshold: 4, cutoff: null, higherIs: 'worse' }, 10, 6.01)).toBe('noChange');
    // a manual's threshold of 0.3 on a mean score: 0.7 − 0.4 is 0.29999999999999993 in binary
    expect(reliableChange({ threshold: 0.3, cutoff: null, higherIs: 'worse' }, 0.7, 0.4)).toBe('improved');
    // SD 1, r 0.5: SE_diff = 1·√2·√0.5 = 1 on paper, threshold 1.96; in binary it is 1.9600000000000002
    const half = changeCriteriaOf({ change: { sd: 1, reliability: 0.5 } })!;
    expect(half.threshold).toBeCloseTo(1.96, 10);
    expect(reliableChange(half, 5, 3.04)).toBe('improved');
    expect(reliableChange(half, 5, 3.05)).toBe('noChange');
  });

  it('says nothing without a threshold', () => {
    expect(reliableChange({ threshold: null, cutoff: 10, higherIs: 'worse' }, 20, 0)).toBeNull();
  });
});

describe('inClinicalRange: at or beyond the cut-off on the worse side', () => {
  it.each([
    ['worse', 14, true],
    ['worse', 13.99, false],
    ['worse', 20, true],
    ['better', 30, true],
    ['better', 30.01, false],
    ['better', 12, true],
  ] as const)('higher is %s, cut-off 14 or 30: %d is clinical: %s', (higherIs, score, clinical) => {
    const cutoff = higherIs === 'worse' ? 14 : 30;
    expect(inClinicalRange({ threshold: 3, cutoff, higherIs }, score)).toBe(clinical);
  });

  it('says nothing without a cut-off', () => {
    expect(inClinicalRange(sd5, 40)).toBeNull();
  });
});

describe('changeLabels: one informant’s scores of one scale, in time order', () => {
  // threshold 6.198 and the cut-off 14 from a normative mean 6 and SD 4
  const criteria = changeCriteriaOf({
    change: { sd: 5, reliability: 0.8, normativeMean: 6, normativeSd: 4 },
  });

  it('labels every score after the first against the first and the previous', () => {
    expect(changeLabels(criteria, [20, 13, 8])).toEqual([
      null,
      // 20 → 13: −7 improved; still ≥ 14? no: 13 < 14, so it crossed into the typical range
      { sinceFirst: 'improved', sincePrevious: 'improved', clinical: false, crossed: 'intoTypical' },
      // 20 → 8: −12 improved; 13 → 8: −5 no change
      { sinceFirst: 'improved', sincePrevious: 'noChange', clinical: false, crossed: 'intoTypical' },
    ]);
  });

  it('says a crossing into the clinical range, and none while a score stays on the side it began', () => {
    expect(changeLabels(criteria, [8, 16, 12])).toEqual([
      null,
      // 8 → 16: +8 deteriorated, 16 ≥ 14
      { sinceFirst: 'deteriorated', sincePrevious: 'deteriorated', clinical: true, crossed: 'intoClinical' },
      // 8 → 12: +4 no change; 16 → 12: −4 no change; 12 < 14 as the first was
      { sinceFirst: 'noChange', sincePrevious: 'noChange', clinical: false, crossed: null },
    ]);
    expect(changeLabels(criteria, [18, 15])[1]).toEqual({
      sinceFirst: 'noChange',
      sincePrevious: 'noChange',
      clinical: true,
      crossed: null,
    });
  });

  it('skips unscored points, and compares with the previous scored one', () => {
    const labels = changeLabels(criteria, [null, 20, null, 13, null, 7]);
    expect(labels.map((label) => label === null)).toEqual([true, true, true, false, true, false]);
    // 13 → 7 is −6: no reliable change since the previous scored point; 20 → 7 is −13 since the first
    expect(labels[5]).toMatchObject({ sinceFirst: 'improved', sincePrevious: 'noChange' });
  });

  it('labels without a cut-off: reliable change only', () => {
    expect(changeLabels(sd5, [20, 27])[1]).toEqual({
      sinceFirst: 'deteriorated',
      sincePrevious: 'deteriorated',
      clinical: null,
      crossed: null,
    });
  });

  it('gives a scale without parameters no label at all', () => {
    expect(changeLabels(null, [20, 5, null, 30])).toEqual([null, null, null, null]);
  });
});

describe('the shipped questionnaires', () => {
  const catalog = loadQuestionnaireCatalog();

  it.each(catalog.list().flatMap((q) => q.scoring.scales.map((scale) => [q.id, scale.id, scale] as const)))(
    '%s %s gives a reliable change threshold and a cut-off, so its scores are labelled',
    (_id, _scale, scale) => {
      const criteria = changeCriteriaOf(scale);
      expect(criteria?.threshold).toBeGreaterThan(0);
      expect(criteria?.cutoff).toEqual(expect.any(Number));
    },
  );

  it('reads a response pinned to an older scoring version with its form version’s newest change parameters', () => {
    const criteriaOf = catalogCriteria(catalog);
    // everyday-feelings scoring 1 had no change parameters; scoring 2 gives worry SD 3.8, r 0.82, cut-off 8:
    // 1.96 · 3.8 · √2 · √0.18 = 4.469
    expect(catalog.get('everyday-feelings', 1, 1).scoring.scales[0]!.change).toBeUndefined();
    expect(criteriaOf('everyday-feelings', 1, 1, 'worry')).toEqual({
      threshold: expect.closeTo(4.469, 3),
      cutoff: 8,
      higherIs: 'worse',
    });
    expect(criteriaOf('everyday-feelings', 9, 1, 'worry')).toBeNull();
    expect(criteriaOf('everyday-feelings', 1, 1, 'gone')).toBeNull();
  });
});
