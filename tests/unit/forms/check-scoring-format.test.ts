import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkForms, type Problem } from '../../../src/forms/check';
import { readJsonTree } from '../../../src/forms/node';

const FIXTURES = join(__dirname, '../../fixtures/questionnaires/files');
// biome-ignore lint/suspicious/noExplicitAny: fixtures are edited freely to break them
type Tree = Record<string, any>;
const schemas = () => structuredClone(readJsonTree(`${FIXTURES}/schemas`)) as Tree;
const locales = () => structuredClone(readJsonTree(`${FIXTURES}/locales`)) as Tree;

const DIR = 'schemas/questionnaires/mini';
const SCORING = `${DIR}/v2.scoring.json`;
const scoringOf = (s: Tree) => s['questionnaires/mini/v2.scoring.json'];
const metaOf = (s: Tree) => s['questionnaires/mini/questionnaire.json'];

type Break = (schemas: Tree, locales: Tree) => void;

const run = (change: Break) => {
  const s = schemas();
  const l = locales();
  change(s, l);
  return checkForms(s, l);
};

describe('check:forms on the scoring format of ADR 122', () => {
  describe('who answers in a show-if condition', () => {
    it('accepts {"var": "_respondent"} compared with a respondent of questionnaire.json', () => {
      expect(
        run((s) => {
          metaOf(s).respondents = ['guardian', 'teacher'];
          scoringOf(s).showIf.items.reason = { '==': [{ var: '_respondent' }, 'teacher'] };
        }),
      ).toEqual([]);
    });

    it.each<[string, unknown, string]>([
      ['==', { '==': [{ var: '_respondent' }, 'teacher'] }, '$.showIf.items.reason.==[1]'],
      ['!= (reversed)', { '!=': ['self', { var: '_respondent' }] }, '$.showIf.items.reason.!=[0]'],
      ['in', { in: [{ var: '_respondent' }, ['guardian', 'self']] }, '$.showIf.items.reason.in[1][1]'],
    ])(
      'refuses comparing who answers with a respondent the questionnaire lacks (%s)',
      (_op, condition, path) => {
        expect(
          run((s) => {
            scoringOf(s).showIf.items.reason = condition;
          }),
        ).toEqual([
          {
            file: SCORING,
            path,
            message: expect.stringMatching(
              /^compares who answers with "(teacher|self)", not a respondent of questionnaire.json \(guardian\)$/,
            ),
          },
        ]);
      },
    );
  });

  /**
   * The mini questionnaire (often 0-2 and not scored, calm 0-3 weighted 1.5; guardian and teacher, ages 6 to 12) using every new field:
   * a not-scored option, a weight, a prorated sum, a composite, norms by sex and age with teacher overrides, bands
   * on T, reliable-change parameters and the three flag forms.
   */
  const rich: Break = (s, l) => {
    metaOf(s).respondents = ['guardian', 'teacher'];
    const scoring = scoringOf(s);
    scoring.items.often = { options: { '0': 0, '1': 1, '2': 2, '3': null } };
    scoring.items.calm.weight = 1.5;
    const rows = (t: number) => [
      { min: 0, max: 2.99, t, percentile: 50 },
      { min: 3, max: 4.5, t: t + 20, percentile: 98 },
    ];
    scoring.scales = [
      {
        id: 'total',
        method: 'proratedSum',
        rounding: { rule: 'halfUp', decimals: 0 },
        items: ['often', 'calm'],
        minAnswered: 1,
        higherIs: 'worse',
        bands: [
          { id: 'low', min: 0, max: 2, severity: 'none' },
          { id: 'high', min: 3, max: 9, severity: 'moderate' },
        ],
        change: { sd: 4.1, reliability: 0.86, cutoff: 3 },
      },
      {
        id: 'calmness',
        method: 'sum',
        items: ['calm'],
        minAnswered: 1,
        bandsOn: 't',
        bands: [
          { id: 'low', min: 20, max: 64, severity: 'none' },
          { id: 'high', min: 65, max: 100, severity: 'moderate' },
        ],
        norms: [
          { id: 'girls', sex: 'female', age: { min: 6, max: 12 }, rows: rows(50) },
          { id: 'boys', sex: 'male', age: { min: 6, max: 9 }, rows: rows(45) },
          { id: 'olderBoys', sex: 'male', age: { min: 10, max: 12 }, rows: rows(40) },
        ],
        respondents: {
          teacher: { norms: [{ id: 'pupils', sex: 'any', age: { min: 6, max: 12 }, rows: rows(48) }] },
        },
        change: { threshold: 2, normativeMean: 1.2, normativeSd: 0.8 },
      },
      {
        id: 'both',
        method: 'mean',
        scales: ['total', 'calmness'],
        minAnswered: 2,
        bands: [{ id: 'low', min: 0, max: 6.75, severity: 'none' }],
      },
    ];
    scoring.flags = [
      { id: 'often', item: 'often', scoreAtLeast: 2 },
      { id: 'calmHigh', scale: 'calmness', atLeast: 70, on: 't' },
      { id: 'together', when: { '>=': [{ '+': [{ var: 'often' }, { var: 'calm' }] }, 4] } },
    ];
    for (const lang of ['en', 'tr']) {
      const words = l[`${lang}/questionnaires/mini.json`];
      words._scales.calmness = { label: 'Calm', bands: { low: 'Low', high: 'High' } };
      words._scales.both = { label: 'Both', bands: { low: 'Low' } };
      words._flags.calmHigh = 'Calm high';
      words._flags.together = 'Together';
    }
  };

  it('accepts a scoring file using every new field', () => {
    expect(run(rich)).toEqual([]);
  });

  const richThen =
    (change: (scoring: Tree, s: Tree, l: Tree) => void): Break =>
    (s, l) => {
      rich(s, l);
      change(scoringOf(s), s, l);
    };

  it.each<[string, Break, Problem]>([
    [
      'a norm table with a gap',
      richThen((sc) => {
        sc.scales[1].norms[0].rows[1].min = 4;
      }),
      {
        file: SCORING,
        path: '$.scales[1].norms[0].rows[1].min',
        message: 'gap in the rows of norm group girls: nothing covers 3 to 3.99 (ADR 122)',
      },
    ],
    [
      'a norm table with an overlap',
      richThen((sc) => {
        sc.scales[1].norms[0].rows[1].min = 2;
      }),
      {
        file: SCORING,
        path: '$.scales[1].norms[0].rows[1].min',
        message: 'overlap in the rows of norm group girls: 2 to 2.99 is covered twice (ADR 122)',
      },
    ],
    [
      'a norm table short of the highest raw score',
      richThen((sc) => {
        sc.scales[1].respondents.teacher.norms[0].rows[1].max = 4;
      }),
      {
        file: SCORING,
        path: '$.scales[1].respondents.teacher.norms[0].rows[1].max',
        message: "norm group pupils ends at 4 but the scale's highest raw score is 4.5 (ADR 122)",
      },
    ],
    [
      'norm rows mixing T-scores and percentiles',
      richThen((sc) => {
        delete sc.scales[1].norms[0].rows[1].percentile;
      }),
      {
        file: SCORING,
        path: '$.scales[1].norms[0].rows[1]',
        message:
          "gives t but the group's first row gives t and percentile: all rows of a group give the same kinds (ADR 122)",
      },
    ],
    [
      'an age without a norm group for one sex',
      richThen((sc) => {
        sc.scales[1].norms[2].age.min = 11;
      }),
      {
        file: SCORING,
        path: '$.scales[1].norms',
        message: 'no norm group for guardian, male, age 10 (questionnaire.json ages 6 to 12; ADR 122)',
      },
    ],
    [
      'two norm groups for one age and sex',
      richThen((sc) => {
        sc.scales[1].norms[1].age.max = 10;
      }),
      {
        file: SCORING,
        path: '$.scales[1].norms',
        message: 'norm groups boys and olderBoys both cover guardian, male, age 10: one group each (ADR 122)',
      },
    ],
    [
      'an "any" group overlapping a group for one sex',
      richThen((sc) => {
        sc.scales[1].respondents.teacher.norms.push({ ...sc.scales[1].norms[0], id: 'teacherGirls' });
      }),
      {
        file: SCORING,
        path: '$.scales[1].respondents.teacher.norms',
        message:
          'norm groups pupils and teacherGirls both cover teacher, female, age 6 to 12: one group each (ADR 122)',
      },
    ],
    [
      'bands on T that leave a T-score of the tables out',
      richThen((sc) => {
        sc.scales[1].bands[1].max = 69;
      }),
      {
        file: SCORING,
        path: '$.scales[1].bands',
        message: 'T-score 70 of norm group girls falls in no band (ADR 122)',
      },
    ],
    [
      'bands on percentiles with a gap',
      richThen((sc) => {
        sc.scales[1].bandsOn = 'percentile';
        sc.scales[1].bands = [
          { id: 'low', min: 0, max: 49, severity: 'none' },
          { id: 'high', min: 51, max: 100, severity: 'moderate' },
        ];
      }),
      {
        file: SCORING,
        path: '$.scales[1].bands[1].min',
        message: 'gap in the bands: nothing covers 50 to 50 (ADR 122)',
      },
    ],
    [
      'a composite naming a missing scale',
      richThen((sc) => {
        sc.scales[2].scales[1] = 'mood';
      }),
      { file: SCORING, path: '$.scales[2].scales[1]', message: 'names a scale the file lacks: mood' },
    ],
    [
      'composite scales in a cycle',
      richThen((sc) => {
        sc.scales.push({ ...sc.scales[2], id: 'loop', scales: ['both'] });
        sc.scales[2].scales = ['total', 'loop'];
      }),
      {
        file: SCORING,
        path: '$.scales[2].scales',
        message: 'composite scales form a cycle: both → loop → both (ADR 122)',
      },
    ],
    [
      'a composite asking more scored scales than it has',
      richThen((sc) => {
        sc.scales[2].minAnswered = 3;
      }),
      { file: SCORING, path: '$.scales[2].minAnswered', message: "is more than the composite's 2 scale(s)" },
    ],
    [
      'a weight on an item the schema lacks',
      richThen((sc) => {
        sc.items.sleep = { responseSet: 'freq', weight: 2 };
      }),
      { file: SCORING, path: '$.items.sleep', message: 'names an item the schema lacks: sleep' },
    ],
    [
      'a negative weight',
      richThen((sc) => {
        sc.items.calm.weight = -1;
      }),
      { file: SCORING, path: '$.items.calm.weight', message: 'must be > 0' },
    ],
    [
      'a prorated sum without its rounding',
      richThen((sc) => {
        delete sc.scales[0].rounding;
      }),
      {
        file: SCORING,
        path: '$.scales[0].rounding',
        message: 'is required for proratedSum: {"rule": "halfUp"|"down", "decimals": 0|1|2} (ADR 122)',
      },
    ],
    [
      'a rounding on a sum',
      richThen((sc) => {
        sc.scales[1].rounding = { rule: 'down', decimals: 0 };
      }),
      {
        file: SCORING,
        path: '$.scales[1].rounding',
        message: 'only a proratedSum is rounded by a rule; a sum is not (ADR 122)',
      },
    ],
    [
      'bands for a respondent questionnaire.json lacks',
      richThen((sc) => {
        sc.scales[1].respondents.self = { bandsOn: 'raw' };
      }),
      {
        file: SCORING,
        path: '$.scales[1].respondents.self',
        message: 'names a respondent questionnaire.json lacks: self',
      },
    ],
    [
      'a reliability of 1',
      richThen((sc) => {
        sc.scales[0].change.reliability = 1;
      }),
      { file: SCORING, path: '$.scales[0].change.reliability', message: 'must be < 1' },
    ],
    [
      'an SD of 0',
      richThen((sc) => {
        sc.scales[0].change.sd = 0;
      }),
      { file: SCORING, path: '$.scales[0].change.sd', message: 'must be > 0' },
    ],
    [
      'an SD without reliability',
      richThen((sc) => {
        delete sc.scales[0].change.reliability;
      }),
      { file: SCORING, path: '$.scales[0].change', message: 'sd and reliability go together (ADR 122)' },
    ],
    [
      'change parameters without sd and reliability or a threshold',
      richThen((sc) => {
        sc.scales[0].change = { cutoff: 3 };
      }),
      {
        file: SCORING,
        path: '$.scales[0].change',
        message: 'needs sd and reliability, or threshold (ADR 122)',
      },
    ],
    [
      'a normative mean without its SD',
      richThen((sc) => {
        delete sc.scales[1].change.normativeSd;
      }),
      {
        file: SCORING,
        path: '$.scales[1].change',
        message: 'normativeMean and normativeSd go together (ADR 122)',
      },
    ],
    [
      'a clinical mean without its SD',
      richThen((sc) => {
        sc.scales[1].change.clinicalMean = 9;
      }),
      {
        file: SCORING,
        path: '$.scales[1].change',
        message: 'clinicalMean and clinicalSd go together (ADR 122)',
      },
    ],
    [
      'a cut-off beside the means it would be worked out from',
      richThen((sc) => {
        sc.scales[1].change.cutoff = 3;
      }),
      {
        file: SCORING,
        path: '$.scales[1].change',
        message: 'give cutoff, or the means and SDs it is worked out from, not both (ADR 122)',
      },
    ],
    [
      'a scale flag naming a missing scale',
      richThen((sc) => {
        sc.flags[1].scale = 'mood';
      }),
      { file: SCORING, path: '$.flags[1].scale', message: 'names a scale the file lacks: mood' },
    ],
    [
      'an item flag naming a missing item',
      richThen((sc) => {
        sc.flags[0].item = 'sleep';
      }),
      { file: SCORING, path: '$.flags[0].item', message: 'names an item the schema lacks: sleep' },
    ],
    [
      'a when flag naming an unknown item',
      richThen((sc) => {
        sc.flags[2].when['>='][0]['+'][1].var = 'reason';
      }),
      {
        file: SCORING,
        path: '$.flags[2].when.>=[0].+[1].var',
        message: 'names an item without option scores: reason (a when flag reads item scores)',
      },
    ],
    [
      'a when flag comparing who answers with a respondent the questionnaire lacks',
      richThen((sc) => {
        sc.flags[2].when = { '==': [{ var: '_respondent' }, 'self'] };
      }),
      {
        file: SCORING,
        path: '$.flags[2].when.==[1]',
        message:
          'compares who answers with "self", not a respondent of questionnaire.json (guardian, teacher)',
      },
    ],
    [
      'a when flag with an unknown operator',
      richThen((sc) => {
        sc.flags[2].when = { '*': [{ var: 'often' }, 2] };
      }),
      { file: SCORING, path: '$.flags[2].when', message: 'unknown operator: *' },
    ],
    [
      'a teacher band without a label',
      richThen((sc, _s, l) => {
        sc.scales[1].respondents.teacher.bands = [
          { id: 'low', min: 20, max: 69, severity: 'none' },
          { id: 'clinical', min: 70, max: 100, severity: 'severe' },
        ];
        l['en/questionnaires/mini.json']._scales.calmness.bands.clinical = 'Clinical';
      }),
      {
        file: 'locales/tr/questionnaires/mini.json',
        path: '_scales.calmness.bands.clinical',
        message: 'missing key (band label)',
      },
    ],
  ])('refuses %s with file and JSON path', (_name, breakIt, expected) => {
    expect(run(breakIt)).toContainEqual(expected);
  });

  it.each<[string, Break, Problem]>([
    [
      'a flag mixing two forms',
      (s) => {
        scoringOf(s).flags[0].scale = 'total';
      },
      {
        file: SCORING,
        path: '$.flags[0]',
        message:
          'a flag is exactly one of {id, item, scoreAtLeast}, {id, scale, atLeast, on?} or {id, when}, each with an optional alert: urgent, review or none (ADR 122, 166)',
      },
    ],
    [
      'a scale with both items and scales',
      (s) => {
        scoringOf(s).scales[0].scales = ['total'];
      },
      {
        file: SCORING,
        path: '$.scales[0]',
        message: 'needs exactly one of items or scales (a composite scale)',
      },
    ],
  ])('reports %s with file and JSON path', (_name, breakIt, expected) => {
    expect(run(breakIt)).toContainEqual(expected);
  });
});
