import { describe, expect, it } from 'vitest';
import { roundedRatio, scaleRange, scoreAnswers } from '../../../../src/forms/questionnaires/index.ts';
import type {
  BandDefinition,
  ItemScoring,
  ScaleDefinition,
} from '../../../../src/forms/questionnaires/types.ts';
import { define } from './define';

const zeroToThree = { '0': 0, '1': 1, '2': 2, '3': 3 };
const items = ['a', 'b', 'c', 'd'];
const scoredItems: Record<string, ItemScoring> = Object.fromEntries(
  items.map((id) => [id, { responseSet: 'freq' }]),
);
const wide: BandDefinition[] = [{ id: 'all', min: -100, max: 100, severity: 'none' }];

function scale(overrides: Partial<ScaleDefinition>): ScaleDefinition {
  return { id: 's', method: 'sum', items, minAnswered: 4, bands: wide, ...overrides };
}

function score(s: ScaleDefinition, answers: Record<string, unknown>, itemScoring = scoredItems) {
  const def = define({ responseSets: { freq: zeroToThree }, items: itemScoring, scales: [s] }, items);
  return scoreAnswers(def, answers).scales[0]!;
}

describe('scoreAnswers: option scores', () => {
  it('scores each answer by its option score, inline or from a response set', () => {
    const inline = { ...scoredItems, a: { options: { '0': 0, '1': 5, '2': 10, '3': 20 } } };
    expect(score(scale({}), { a: 1, b: 1, c: 2, d: 3 }, inline).score).toBe(5 + 1 + 2 + 3);
  });

  it('treats an answer that is no option (or null) as not answered', () => {
    expect(score(scale({ minAnswered: 1 }), { a: 7, b: null, c: 2 })).toMatchObject({
      score: 2,
      answered: 1,
    });
  });

  it('matches option values as strings, so string enums score like numbers', () => {
    const def = define(
      {
        items: { a: { options: { never: 0, often: 2 } } },
        scales: [scale({ items: ['a'], minAnswered: 1 })],
      },
      ['a'],
    );
    expect(scoreAnswers(def, { a: 'often' }).scales[0]!.score).toBe(2);
  });
});

describe('scoreAnswers: reverse-scored items', () => {
  it('counts a reversed item as min + max - raw of its options', () => {
    const reversed = { ...scoredItems, b: { responseSet: 'freq', reverse: true } };
    expect(score(scale({}), { a: 0, b: 0, c: 0, d: 0 }, reversed).score).toBe(3);
    expect(score(scale({}), { a: 0, b: 3, c: 0, d: 0 }, reversed).score).toBe(0);
    expect(score(scale({}), { a: 0, b: 1, c: 0, d: 0 }, reversed).score).toBe(2);
  });

  it('reverses over the item’s own range when it does not start at 0', () => {
    const oneToFive = { a: { options: { '1': 1, '2': 2, '3': 3, '4': 4, '5': 5 }, reverse: true } };
    const def = define({ items: oneToFive, scales: [scale({ items: ['a'], minAnswered: 1 })] }, ['a']);
    expect(scoreAnswers(def, { a: 2 }).scales[0]!.score).toBe(4);
  });
});

describe('scoreAnswers: methods', () => {
  it('sum adds the answered items', () => {
    expect(score(scale({ minAnswered: 3 }), { a: 3, b: 2, c: 2 })).toMatchObject({ score: 7, answered: 3 });
  });

  it('mean divides by the answered items and rounds half away from zero to 2 decimals', () => {
    expect(score(scale({ method: 'mean', minAnswered: 3 }), { a: 1, b: 1, c: 0 }).score).toBe(0.67);
    expect(score(scale({ method: 'mean', minAnswered: 3 }), { a: 2, b: 2, c: 1 }).score).toBe(1.67);
    expect(score(scale({ method: 'mean' }), { a: 1, b: 1, c: 0, d: 0 }).score).toBe(0.5);
  });

  it('proratedMean is the mean of the answered items times the number of items', () => {
    // 5 over 3 answered of 4 items: 5 * 4 / 3 = 6.666... -> 6.67
    expect(score(scale({ method: 'proratedMean', minAnswered: 3 }), { a: 2, b: 2, c: 1 }).score).toBe(6.67);
    expect(score(scale({ method: 'proratedMean', minAnswered: 3 }), { a: 3, b: 3, c: 3, d: 3 }).score).toBe(
      12,
    );
  });

  it('rounds exact halves away from zero, also for negative sums', () => {
    expect(roundedRatio(1, 8)).toBe(0.13);
    expect(roundedRatio(-1, 8)).toBe(-0.13);
    expect(roundedRatio(1, 3)).toBe(0.33);
    expect(roundedRatio(2, 3)).toBe(0.67);
  });
});

describe('scoreAnswers: minimum answered', () => {
  it.each([
    ['sum', { a: 3, b: 3, c: 3 }],
    ['mean', { a: 3, b: 3 }],
    ['proratedMean', { a: 1 }],
  ] as const)('a %s scale with too few answers is not scored: null, never 0', (method, answers) => {
    const result = score(scale({ method, minAnswered: 4 }), answers);
    expect(result).toMatchObject({ score: null, band: null, required: 4, itemCount: 4 });
    expect(result.answered).toBe(Object.keys(answers).length);
  });

  it('a scale with no answers at all is not scored even when minAnswered is 0', () => {
    expect(score(scale({ minAnswered: 0 }), {}).score).toBeNull();
  });

  it('a scale with exactly the minimum is scored', () => {
    expect(score(scale({ minAnswered: 2 }), { a: 0, b: 0 }).score).toBe(0);
  });
});

describe('scoreAnswers: bands', () => {
  const bands: BandDefinition[] = [
    { id: 'low', min: 0, max: 0.99, severity: 'none' },
    { id: 'mid', min: 1, max: 1.99, severity: 'moderate' },
    { id: 'high', min: 2, max: 3, severity: 'severe' },
  ];
  it.each([
    [{ a: 0, b: 0, c: 0, d: 0 }, 'low', 'none'],
    [{ a: 1, b: 1, c: 1, d: 0 }, 'low', 'none'], // 0.75
    [{ a: 1, b: 1, c: 1, d: 1 }, 'mid', 'moderate'], // 1 on the lower edge
    [{ a: 2, b: 2, c: 2, d: 1 }, 'mid', 'moderate'], // 1.75
    [{ a: 2, b: 2, c: 2, d: 2 }, 'high', 'severe'],
    [{ a: 3, b: 3, c: 3, d: 3 }, 'high', 'severe'],
  ])('%j falls in band %s (%s)', (answers, id, severity) => {
    const result = score(scale({ id: 'mood', method: 'mean', bands }), answers);
    expect(result.band).toEqual({ id, labelKey: `_scales.mood.bands.${id}`, severity });
    expect(result.labelKey).toBe('_scales.mood.label');
  });
});

describe('scaleRange', () => {
  const scoring = { version: 1, responseSets: { freq: zeroToThree }, items: scoredItems, scales: [] };
  it.each([
    ['sum', { min: 0, max: 12 }],
    ['proratedMean', { min: 0, max: 12 }],
    ['mean', { min: 0, max: 3 }],
  ] as const)('%s over four 0-3 items spans %j', (method, range) => {
    expect(scaleRange(scoring, scale({ method }))).toEqual(range);
  });
});

describe('scoreAnswers: critical-item flags', () => {
  const def = define(
    {
      responseSets: { freq: zeroToThree },
      items: scoredItems,
      scales: [scale({})],
      flags: [{ id: 'safety', item: 'd', scoreAtLeast: 1 }],
      showIf: { items: { d: { '!=': [{ var: 'a' }, 3] } } },
    },
    items,
  );
  it('raises a flag when the item’s option score reaches the threshold', () => {
    expect(scoreAnswers(def, { a: 0, d: 1 }).flags).toEqual([
      { id: 'safety', item: 'd', labelKey: '_flags.safety' },
    ]);
  });
  it('raises none below the threshold or when unanswered', () => {
    expect(scoreAnswers(def, { a: 0, d: 0 }).flags).toEqual([]);
    expect(scoreAnswers(def, { a: 0 }).flags).toEqual([]);
  });
  it('raises none for a hidden item, whatever its stale answer', () => {
    expect(scoreAnswers(def, { a: 3, d: 3 }).flags).toEqual([]);
  });
});

describe('scoreAnswers: hidden items', () => {
  it('never scores a hidden item’s answer', () => {
    const def = define(
      {
        responseSets: { freq: zeroToThree },
        items: scoredItems,
        scales: [scale({ minAnswered: 1 })],
        showIf: { items: { c: { '==': [{ var: 'a' }, 1] } } },
      },
      items,
    );
    expect(scoreAnswers(def, { a: 0, c: 3 }).scales[0]).toMatchObject({ score: 0, answered: 1 });
    expect(scoreAnswers(def, { a: 1, c: 3 }).scales[0]).toMatchObject({ score: 4, answered: 2 });
  });
});
