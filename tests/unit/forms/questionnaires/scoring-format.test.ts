import { describe, expect, it } from 'vitest';
import {
  evaluateCondition,
  NO_CONTEXT,
  type ScoringContext,
  scaleRange,
  scoreAnswers,
} from '../../../../src/forms/questionnaires/index.ts';
import type {
  BandDefinition,
  ItemScoring,
  NormGroup,
  ScaleDefinition,
  ScoringDefinition,
} from '../../../../src/forms/questionnaires/types.ts';
import { define } from './define';

// four items scored 0-3; option 9 is "not applicable": answered, not scored
const freq = { '0': 0, '1': 1, '2': 2, '3': 3, '9': null };
const items = ['a', 'b', 'c', 'd'];
const scored: Record<string, ItemScoring> = Object.fromEntries(
  items.map((id) => [id, { responseSet: 'freq' }]),
);
const wide: BandDefinition[] = [{ id: 'all', min: -100, max: 100, severity: 'none' }];

const scale = (overrides: Partial<ScaleDefinition>): ScaleDefinition => ({
  id: 's',
  method: 'sum',
  items,
  minAnswered: 1,
  bands: wide,
  ...overrides,
});

const defOf = (scoring: Partial<Omit<ScoringDefinition, 'version'>>) =>
  define({ responseSets: { freq }, items: scored, scales: [scale({})], ...scoring }, items);

const context = (c: Partial<ScoringContext>): ScoringContext => ({ ...NO_CONTEXT, ...c });
const first = (
  scoring: Partial<Omit<ScoringDefinition, 'version'>>,
  answers: Record<string, unknown>,
  c = NO_CONTEXT,
) => scoreAnswers(defOf(scoring), answers, c).scales[0]!;

describe('not-scored options (null)', () => {
  it('counts a not-scored answer as missing for minAnswered', () => {
    expect(first({ scales: [scale({ minAnswered: 3 })] }, { a: 3, b: 9, c: 2, d: 9 })).toMatchObject({
      score: null,
      answered: 2,
    });
  });

  it('prorates over the scored answers only: (3 + 2) / 2 × 4 = 10', () => {
    const s = scale({ method: 'proratedSum', minAnswered: 2, rounding: { rule: 'halfUp', decimals: 0 } });
    expect(first({ scales: [s] }, { a: 3, b: 9, c: 2 })).toMatchObject({ score: 10, answered: 2 });
  });

  it('leaves a not-scored option out of the item range and a reversed item reverses on 0-3', () => {
    const reversed = { ...scored, a: { responseSet: 'freq', reverse: true } };
    expect(first({ items: reversed }, { a: 1 }).score).toBe(2);
    expect(scaleRange(defOf({}).scoring, scale({}))).toEqual({ min: 0, max: 12 });
  });
});

describe('decimal option scores and weights on the 0.0001 grid', () => {
  it('sums decimals without float noise: 0.1 + 0.2 = 0.3', () => {
    const decimals = {
      a: { options: { '0': 0, '1': 0.1, '2': 0.2, '3': 0.3 } },
      b: { options: { '0': 0, '1': 0.1, '2': 0.2, '3': 0.3 } },
    };
    expect(first({ items: { ...scored, ...decimals } }, { a: 1, b: 2 }).score).toBe(0.3);
  });

  it('multiplies by the weight after reversing: a reversed 1 is 2, × 1.5 = 3; plus b 2 × 0.3333 = 0.6666', () => {
    const weightedItems = {
      ...scored,
      a: { responseSet: 'freq', reverse: true, weight: 1.5 },
      b: { responseSet: 'freq', weight: 0.3333 },
    };
    expect(first({ items: weightedItems }, { a: 1, b: 2 }).score).toBe(3.6666);
  });

  it('keeps a weighted score on the grid: 3 × 0.3333 = 0.9999, not 0.9999000000000001', () => {
    const weightedItems = { ...scored, a: { responseSet: 'freq', weight: 0.3333 } };
    expect(first({ items: weightedItems }, { a: 3 }).score).toBe(0.9999);
  });

  it('weights the range too: a × 2 makes the sum range 0..15', () => {
    const weightedItems = { ...scored, a: { responseSet: 'freq', weight: 2 } };
    const def = defOf({ items: weightedItems });
    expect(scaleRange(def.scoring, def.scoring.scales[0]!)).toEqual({ min: 0, max: 15 });
  });
});

describe('proratedSum and its rounding', () => {
  // answers 3, 2, 2 of four items: mean 7/3 = 2.3333…, × 4 = 9.3333…
  const answers = { a: 3, b: 2, c: 2 };
  it.each([
    ['halfUp', 0, 9],
    ['halfUp', 1, 9.3],
    ['halfUp', 2, 9.33],
    ['down', 0, 9],
    ['down', 2, 9.33],
  ] as const)('%s to %i decimals gives %d', (rule, decimals, expected) => {
    const s = scale({ method: 'proratedSum', minAnswered: 3, rounding: { rule, decimals } });
    expect(first({ scales: [s] }, answers).score).toBe(expected);
  });

  it('rounds 7.5 (3 and 2 of three items: mean 2.5 × 3) half up to 8 and down to 7', () => {
    const three = scale({ method: 'proratedSum', items: ['a', 'b', 'c'], minAnswered: 2 });
    expect(
      first({ scales: [{ ...three, rounding: { rule: 'halfUp', decimals: 0 } }] }, { a: 3, b: 2 }).score,
    ).toBe(8);
    expect(
      first({ scales: [{ ...three, rounding: { rule: 'down', decimals: 0 } }] }, { a: 3, b: 2 }).score,
    ).toBe(7);
  });

  it('equals the sum when every item is answered', () => {
    const s = scale({ method: 'proratedSum', minAnswered: 3, rounding: { rule: 'down', decimals: 0 } });
    expect(first({ scales: [s] }, { a: 3, b: 2, c: 2, d: 1 }).score).toBe(8);
  });

  it('spans the sum range when every item has the same range', () => {
    const s = scale({ method: 'proratedSum', minAnswered: 3, rounding: { rule: 'halfUp', decimals: 0 } });
    expect(scaleRange(defOf({}).scoring, s)).toEqual({ min: 0, max: 12 });
  });
});

describe('composite scales', () => {
  const parts: ScaleDefinition[] = [
    scale({ id: 'total', items: undefined, scales: ['ab', 'cd'], minAnswered: 2 }),
    scale({ id: 'ab', items: ['a', 'b'], minAnswered: 2 }),
    scale({ id: 'cd', items: ['c', 'd'], method: 'mean', minAnswered: 1 }),
  ];

  it('is computed from its scales’ raw scores, whatever their order in the file: ab 5 + cd mean 1.5 = 6.5', () => {
    const result = scoreAnswers(defOf({ scales: parts }), { a: 2, b: 3, c: 1, d: 2 });
    expect(result.scales.map((s) => [s.id, s.score, s.answered, s.itemCount])).toEqual([
      ['total', 6.5, 2, 2],
      ['ab', 5, 2, 2],
      ['cd', 1.5, 2, 2],
    ]);
  });

  it('counts scored component scales for minAnswered', () => {
    const result = scoreAnswers(defOf({ scales: parts }), { a: 2, c: 1 });
    expect(result.scales[0]).toMatchObject({ score: null, answered: 1 });
  });

  it('means and composites of composites: mean of ab 5 and cd 1.5 = 3.25; grand = 3.25 + 5', () => {
    const nested = [
      scale({ id: 'grand', items: undefined, scales: ['avg', 'ab'], minAnswered: 2 }),
      scale({ id: 'avg', items: undefined, scales: ['ab', 'cd'], method: 'mean', minAnswered: 2 }),
      ...parts.slice(1),
    ];
    const result = scoreAnswers(defOf({ scales: nested }), { a: 2, b: 3, c: 1, d: 2 });
    expect(result.scales.map((s) => s.score)).toEqual([8.25, 3.25, 5, 1.5]);
  });

  it('takes its range from its scales’ ranges: 0..6 plus 0..3', () => {
    const def = defOf({ scales: parts });
    expect(scaleRange(def.scoring, parts[0]!)).toEqual({ min: 0, max: 9 });
  });
});

describe('scaleRange of means over items with different ranges', () => {
  it('reaches as far as the fewest allowed answers do', () => {
    const mixed = { ...scored, a: { options: { '0': 0, '1': 10 } } };
    const s = scale({ method: 'mean', minAnswered: 2 });
    // lowest: two items at 0; highest: a 10 and one 3 → 6.5
    expect(scaleRange(defOf({ items: mixed }).scoring, s)).toEqual({ min: 0, max: 6.5 });
  });
});

const girls: NormGroup = {
  id: 'girls6to8',
  sex: 'female',
  age: { min: 6, max: 8 },
  rows: [
    { min: 0, max: 3, t: 40, percentile: 16 },
    { min: 4, max: 8, t: 55, percentile: 69 },
    { min: 9, max: 12, t: 70, percentile: 98 },
  ],
};
const anyOlder: NormGroup = {
  id: 'any9to12',
  sex: 'any',
  age: { min: 9, max: 12 },
  rows: [
    { min: 0, max: 6, t: 45 },
    { min: 7, max: 12, t: 65 },
  ],
};
const tBands: BandDefinition[] = [
  { id: 'typical', min: 0, max: 64, severity: 'none' },
  { id: 'high', min: 65, max: 100, severity: 'moderate' },
];

describe('norms', () => {
  const normed = scale({ minAnswered: 4, norms: [girls, anyOlder], bandsOn: 't', bands: tBands });
  const answers = { a: 3, b: 3, c: 2, d: 2 }; // raw 10

  it('reads the T-score and percentile of the client’s group, and bands on T', () => {
    expect(first({ scales: [normed] }, answers, context({ age: 7, sex: 'female' }))).toMatchObject({
      score: 10,
      normed: { group: 'girls6to8', t: 70, percentile: 98 },
      bandOn: 't',
      band: { id: 'high' },
    });
  });

  it('falls back to an "any" group for the age, and keeps only the kinds the table gives', () => {
    const result = first({ scales: [normed] }, answers, context({ age: 10, sex: null }));
    expect(result.normed).toEqual({ group: 'any9to12', t: 65 });
    expect(result.normGap).toBeUndefined();
  });

  it.each<[string, Partial<ScoringContext>, Record<string, unknown>, string]>([
    ['no birth date', { sex: 'female' }, answers, 'ageUnknown'],
    ['a sex not recorded and no "any" group for it', { age: 7 }, answers, 'sexUnknown'],
    ['an age outside every group', { age: 14, sex: 'male' }, answers, 'ageOutside'],
    ['a boy of 7 (only girls are normed at 7)', { age: 7, sex: 'male' }, answers, 'ageOutside'],
    ['a raw score not scored', { age: 7, sex: 'female' }, { a: 1 }, 'notScored'],
  ])('gives no normed score and says why: %s', (_why, c, given, gap) => {
    const result = first({ scales: [normed] }, given, context(c));
    expect(result).toMatchObject({ normed: null, normGap: gap, band: null });
  });

  it('says nothing of norms for a scale without norms', () => {
    const result = first({}, answers, context({ age: 7, sex: 'female' }));
    expect('normed' in result || 'normGap' in result || 'bandOn' in result).toBe(false);
  });
});

describe('per-respondent bands, band score and norms', () => {
  const teacherGirls: NormGroup = { ...girls, id: 'teacherGirls', rows: [{ min: 0, max: 12, t: 50 }] };
  const informant = scale({
    minAnswered: 4,
    norms: [girls],
    respondents: { teacher: { norms: [teacherGirls], bands: tBands, bandsOn: 't' } },
    bands: [
      { id: 'low', min: 0, max: 9, severity: 'none' },
      { id: 'raised', min: 10, max: 12, severity: 'mild' },
    ],
  });
  const answers = { a: 3, b: 3, c: 2, d: 2 };

  it('uses the teacher’s norms and bands for a teacher’s response', () => {
    expect(
      first({ scales: [informant] }, answers, context({ respondent: 'teacher', age: 7, sex: 'female' })),
    ).toMatchObject({
      normed: { group: 'teacherGirls', t: 50 },
      bandOn: 't',
      band: { id: 'typical' },
    });
  });

  it('uses the scale’s own for anyone else, key by key', () => {
    const result = first(
      { scales: [informant] },
      answers,
      context({ respondent: 'guardian', age: 7, sex: 'female' }),
    );
    expect(result).toMatchObject({ normed: { group: 'girls6to8', t: 70 }, band: { id: 'raised' } });
    expect(result.bandOn).toBeUndefined();
  });

  it('says noGroup when only another informant has norms', () => {
    const teacherOnly = scale({ minAnswered: 4, respondents: { teacher: { norms: [teacherGirls] } } });
    expect(
      first({ scales: [teacherOnly] }, answers, context({ respondent: 'self', age: 7, sex: 'female' })),
    ).toMatchObject({
      normed: null,
      normGap: 'noGroup',
      band: { id: 'all' },
    });
  });
});

describe('flags', () => {
  const normed = scale({ minAnswered: 4, norms: [girls] });
  const answers = { a: 3, b: 3, c: 2, d: 2 }; // raw 10, T 70 for a girl of 7

  it.each([
    [{ id: 'rawHigh', scale: 's', atLeast: 10 }, true],
    [{ id: 'rawHigher', scale: 's', atLeast: 10.5 }, false],
    [{ id: 'tHigh', scale: 's', atLeast: 70, on: 't' as const }, true],
    [{ id: 'pHigh', scale: 's', atLeast: 99, on: 'percentile' as const }, false],
  ])('raises a scale flag on its raw or normed score: %j', (flag, raised) => {
    const result = scoreAnswers(
      defOf({ scales: [normed], flags: [flag] }),
      answers,
      context({ age: 7, sex: 'female' }),
    );
    expect(result.flags).toEqual(
      raised ? [{ id: flag.id, item: '', scale: 's', labelKey: `_flags.${flag.id}` }] : [],
    );
  });

  it('raises no normed flag without a normed score', () => {
    const flags = [{ id: 'tHigh', scale: 's', atLeast: 70, on: 't' as const }];
    expect(scoreAnswers(defOf({ scales: [normed], flags }), answers).flags).toEqual([]);
  });

  it('reads item scores after reversing, weights not applied, in a when flag with +', () => {
    const withReverse = { ...scored, a: { responseSet: 'freq', reverse: true, weight: 3 } };
    // a answered 0 reads 3 (reversed, not weighted); b 2: 3 + 2 = 5
    const flags = [{ id: 'both', when: { '>=': [{ '+': [{ var: 'a' }, { var: 'b' }] }, 5] } }];
    const def = defOf({ items: withReverse, flags });
    expect(scoreAnswers(def, { a: 0, b: 2 }).flags).toEqual([
      { id: 'both', item: '', labelKey: '_flags.both' },
    ]);
    expect(scoreAnswers(def, { a: 1, b: 2 }).flags).toEqual([]);
    // a not scored (9) reads null and is left out of the sum: 2 < 5
    expect(scoreAnswers(def, { a: 9, b: 2 }).flags).toEqual([]);
  });

  it('keeps the item flag on the raw option score; a not-scored answer never raises it', () => {
    const flags = [{ id: 'a3', item: 'a', scoreAtLeast: 3 }];
    expect(scoreAnswers(defOf({ flags }), { a: 3 }).flags).toEqual([
      { id: 'a3', item: 'a', labelKey: '_flags.a3' },
    ]);
    expect(scoreAnswers(defOf({ flags }), { a: 9 }).flags).toEqual([]);
  });
});

describe('the + operator', () => {
  it.each([
    [{ '+': [1, 2, 3] }, 6],
    [{ '+': [0.1, 0.2] }, 0.3],
    [{ '+': [null, 2] }, 2],
    [{ '+': [null, null] }, null],
    [{ '+': ['1', 2] }, 2],
  ])('%j is %j', (expression, expected) => {
    expect(evaluateCondition({ '==': [expression, expected] }, {})).toBe(true);
  });

  it('makes a comparison with no numbers false', () => {
    expect(evaluateCondition({ '>=': [{ '+': [{ var: 'x' }] }, 0] }, {})).toBe(false);
  });
});
