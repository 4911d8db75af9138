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

type Break = (schemas: Tree, locales: Tree) => void;

describe('check:forms on questionnaires', () => {
  it('passes on a sound questionnaire', () => {
    expect(checkForms(schemas(), locales())).toEqual([]);
  });

  it('passes on the repository, with its example questionnaires', () => {
    const root = join(__dirname, '../../..');
    const files = readJsonTree(join(root, 'schemas'));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'questionnaires/everyday-feelings/v1.scoring.v1.json',
        'questionnaires/home-routines/v1.scoring.v1.json',
      ]),
    );
    expect(checkForms(files, readJsonTree(join(root, 'locales')))).toEqual([]);
  });

  it.each<[string, Break, Problem]>([
    [
      'a missing questionnaire.json',
      (s) => {
        delete s['questionnaires/mini/questionnaire.json'];
      },
      { file: `${DIR}/questionnaire.json`, path: '$', message: expect.stringMatching(/^missing: /) },
    ],
    [
      'a missing licence block',
      (s) => {
        delete s['questionnaires/mini/questionnaire.json'].licence;
      },
      { file: `${DIR}/questionnaire.json`, path: '$.licence', message: 'is required' },
    ],
    [
      'a licence block without electronicUse',
      (s) => {
        delete s['questionnaires/mini/questionnaire.json'].licence.electronicUse;
      },
      { file: `${DIR}/questionnaire.json`, path: '$.licence.electronicUse', message: 'is required' },
    ],
    [
      'an unknown respondent',
      (s) => {
        s['questionnaires/mini/questionnaire.json'].respondents = ['grandparent'];
      },
      {
        file: `${DIR}/questionnaire.json`,
        path: '$.respondents[0]',
        message: 'must be one of practitioner, guardian, teacher, self',
      },
    ],
    [
      'an age range upside down',
      (s) => {
        s['questionnaires/mini/questionnaire.json'].ageRange = { min: 12, max: 6 };
      },
      { file: `${DIR}/questionnaire.json`, path: '$.ageRange', message: 'min is above max' },
    ],
    [
      'a form version without a scoring file',
      (s) => {
        delete s['questionnaires/mini/v2.scoring.json'];
      },
      {
        file: `${DIR}/v2.scoring.v1.json`,
        path: '$',
        message: 'missing: form version 2 has no scoring file',
      },
    ],
    [
      'a scoring file without a schema file',
      (s) => {
        s['questionnaires/mini/v3.scoring.json'] = scoringOf(s);
      },
      { file: `${DIR}/v3.scoring.json`, path: '$', message: 'scoring file without a schema file beside it' },
    ],
    [
      'a scoring file the meta-schema refuses (unknown method)',
      (s) => {
        scoringOf(s).scales[0].method = 'median';
      },
      {
        file: SCORING,
        path: '$.scales[0].method',
        message: 'must be one of sum, mean, proratedMean, proratedSum',
      },
    ],
    [
      'an item scored both ways at once',
      (s) => {
        scoringOf(s).items.often.options = { '0': 0 };
      },
      { file: SCORING, path: '$.items.often', message: 'needs exactly one of responseSet or options' },
    ],
    [
      'a scoring block naming an item the schema lacks',
      (s) => {
        scoringOf(s).items.sleep = { responseSet: 'freq' };
      },
      { file: SCORING, path: '$.items.sleep', message: 'names an item the schema lacks: sleep' },
    ],
    [
      'a scale naming an item the schema lacks',
      (s) => {
        scoringOf(s).scales[0].items.push('sleep');
      },
      { file: SCORING, path: '$.scales[0].items[2]', message: 'names an item the schema lacks: sleep' },
    ],
    [
      'a scale naming an item without option scores',
      (s) => {
        scoringOf(s).scales[0].items.push('reason');
      },
      { file: SCORING, path: '$.scales[0].items[2]', message: 'names an item without option scores: reason' },
    ],
    [
      'an option without a score',
      (s) => {
        delete scoringOf(s).items.calm.options['2'];
      },
      { file: SCORING, path: '$.items.calm', message: 'option without a score: 2' },
    ],
    [
      'a score for an option the schema lacks',
      (s) => {
        scoringOf(s).items.calm.options['4'] = 4;
      },
      { file: SCORING, path: '$.items.calm', message: 'scores an option the schema lacks: 4' },
    ],
    [
      'an unknown response set',
      (s) => {
        scoringOf(s).items.often.responseSet = 'frequency';
      },
      {
        file: SCORING,
        path: '$.items.often.responseSet',
        message: 'names an unknown response set: frequency',
      },
    ],
    [
      'a minimum answered above the item count',
      (s) => {
        scoringOf(s).scales[0].minAnswered = 3;
      },
      { file: SCORING, path: '$.scales[0].minAnswered', message: "is more than the scale's 2 item(s)" },
    ],
    [
      'bands with a gap',
      (s) => {
        scoringOf(s).scales[0].bands[1].min = 4;
      },
      {
        file: SCORING,
        path: '$.scales[0].bands[1].min',
        message: 'gap between bands low and high: no band covers 3 to 3 (ADR 080)',
      },
    ],
    [
      'bands with an overlap',
      (s) => {
        scoringOf(s).scales[0].bands[1].min = 2;
      },
      {
        file: SCORING,
        path: '$.scales[0].bands[1].min',
        message: 'overlap between bands low and high: both cover 2 to 2 (ADR 080)',
      },
    ],
    [
      'bands that stop short of the highest score',
      (s) => {
        scoringOf(s).scales[0].bands[1].max = 5;
      },
      {
        file: SCORING,
        path: '$.scales[0].bands[1].max',
        message: "bands end at 5 but the scale's highest score is 6 (ADR 080)",
      },
    ],
    [
      'bands that start above the lowest score',
      (s) => {
        scoringOf(s).scales[0].bands[0].min = 1;
      },
      {
        file: SCORING,
        path: '$.scales[0].bands[0].min',
        message: "bands start at 1 but the scale's lowest score is 0 (ADR 080)",
      },
    ],
    [
      'a mean scale with a gap of one hundredth',
      (s) => {
        scoringOf(s).scales[0].method = 'mean';
        scoringOf(s).scales[0].bands = [
          { id: 'low', min: 0, max: 1.49, severity: 'none' },
          { id: 'high', min: 1.51, max: 3, severity: 'mild' },
        ];
      },
      {
        file: SCORING,
        path: '$.scales[0].bands[1].min',
        message: 'gap between bands low and high: no band covers 1.5 to 1.5 (ADR 080)',
      },
    ],
    [
      'a flag naming an item the schema lacks',
      (s) => {
        scoringOf(s).flags[0].item = 'sleep';
      },
      { file: SCORING, path: '$.flags[0].item', message: 'names an item the schema lacks: sleep' },
    ],
    [
      'a condition naming an unknown item',
      (s) => {
        scoringOf(s).showIf.items.reason = { '==': [{ var: 'sleep' }, 1] };
      },
      {
        file: SCORING,
        path: '$.showIf.items.reason.==[0].var',
        message: 'condition names an unknown item: sleep',
      },
    ],
    [
      'a condition naming an item shown after it',
      (s) => {
        scoringOf(s).showIf.items.often = { '==': [{ var: 'calm' }, 1] };
      },
      {
        file: SCORING,
        path: '$.showIf.items.often.==[0].var',
        message: 'condition names an item that is not shown before it: calm (ADR 081)',
      },
    ],
    [
      'a condition with an operator outside the vocabulary',
      (s) => {
        scoringOf(s).showIf.items.reason = { method: [{ var: 'often' }, 'toString'] };
      },
      { file: SCORING, path: '$.showIf.items.reason', message: 'unknown operator: method' },
    ],
    [
      'a condition on an item the schema lacks',
      (s) => {
        scoringOf(s).showIf.items.sleep = true;
      },
      { file: SCORING, path: '$.showIf.items.sleep', message: 'names an item the schema lacks: sleep' },
    ],
    [
      'a condition comparing a numeric item with a word',
      (s) => {
        scoringOf(s).showIf.items.reason = { '==': [{ var: 'often' }, 'often'] };
      },
      {
        file: SCORING,
        path: '$.showIf.items.reason.==[1]',
        message: expect.stringMatching(
          /^compares often with the string "often", but its options are 0, 1, 2, 3: .*\(ADR 107\)$/,
        ),
      },
    ],
    [
      'a condition with an in list holding a value the item cannot take',
      (s) => {
        scoringOf(s).showIf.items.reason = { in: [{ var: 'often' }, [2, 3, 4]] };
      },
      {
        file: SCORING,
        path: '$.showIf.items.reason.in[1][2]',
        message: expect.stringMatching(/^compares often with 4, which is not one of its options/),
      },
    ],
    [
      'an item neither required nor marked optional',
      (s) => {
        delete s['questionnaires/mini/v2.ui.json'].reason;
      },
      {
        file: `${DIR}/v2.schema.json`,
        path: '$.required',
        message: expect.stringMatching(
          /^reason is neither required nor marked optional: .*v2\.ui\.json \(ADR 107\)$/,
        ),
      },
    ],
    [
      'a condition on a group the UI schema lacks',
      (s) => {
        scoringOf(s).showIf.groups = { later: true };
      },
      { file: SCORING, path: '$.showIf.groups.later', message: 'names a group the UI schema lacks: later' },
    ],
    [
      'a band label missing in Turkish',
      (_s, l) => {
        delete l['tr/questionnaires/mini.json']._scales.total.bands.high;
        delete l['en/questionnaires/mini.json']._scales.total.bands.high;
      },
      {
        file: 'locales/tr/questionnaires/mini.json',
        path: '_scales.total.bands.high',
        message: 'missing key (band label)',
      },
    ],
    [
      'a scale name missing in English',
      (_s, l) => {
        delete l['en/questionnaires/mini.json']._scales.total.label;
        delete l['tr/questionnaires/mini.json']._scales.total.label;
      },
      {
        file: 'locales/en/questionnaires/mini.json',
        path: '_scales.total.label',
        message: 'missing key (scale name)',
      },
    ],
    [
      'a critical item without help text for the respondent',
      (_s, l) => {
        delete l['tr/questionnaires/mini.json']._crisis;
      },
      {
        file: 'locales/tr/questionnaires/mini.json',
        path: '_crisis',
        message: 'missing key (help text shown when a critical item is raised)',
      },
    ],
    [
      'a flag text missing',
      (_s, l) => {
        delete l['en/questionnaires/mini.json']._flags;
        delete l['tr/questionnaires/mini.json']._flags;
      },
      {
        file: 'locales/en/questionnaires/mini.json',
        path: '_flags.often',
        message: 'missing key (flag text)',
      },
    ],
    [
      'a licence notice missing',
      (_s, l) => {
        delete l['en/questionnaires/mini.json']._licence;
        delete l['tr/questionnaires/mini.json']._licence;
      },
      {
        file: 'locales/tr/questionnaires/mini.json',
        path: '_licence.notice',
        message: 'missing key (licence notice)',
      },
    ],
  ])('reports %s with file and JSON path', (_name, breakIt, expected) => {
    const s = schemas();
    const l = locales();
    breakIt(s, l);
    expect(checkForms(s, l)).toContainEqual(expected);
  });

  it('asks for no help text from a questionnaire without critical items', () => {
    const s = schemas();
    const l = locales();
    delete scoringOf(s).flags;
    for (const lang of ['en', 'tr']) {
      delete l[`${lang}/questionnaires/mini.json`]._crisis;
      delete l[`${lang}/questionnaires/mini.json`]._flags;
    }
    expect(checkForms(s, l)).toEqual([]);
  });

  describe('scoring versions side by side (ADR 109)', () => {
    const withSecond = (version: number) => {
      const s = schemas();
      s['questionnaires/mini/v2.scoring.v4.json'] = { ...structuredClone(scoringOf(s)), version };
      return s;
    };

    it('passes with a named scoring version beside the older single file', () => {
      expect(checkForms(withSecond(4), locales())).toEqual([]);
    });

    it('checks each scoring version on its own: a fault in the new one names its file', () => {
      const s = withSecond(4);
      s['questionnaires/mini/v2.scoring.v4.json'].items.calm.options['4'] = 4;
      const problems = checkForms(s, locales());
      expect(problems).toContainEqual({
        file: `${DIR}/v2.scoring.v4.json`,
        path: '$.items.calm',
        message: 'scores an option the schema lacks: 4',
      });
      expect(problems.every((p) => p.file === `${DIR}/v2.scoring.v4.json`)).toBe(true);
    });

    it('refuses a named file whose "version" is not the one its name gives', () => {
      expect(checkForms(withSecond(3), locales())).toContainEqual({
        file: `${DIR}/v2.scoring.v4.json`,
        path: '$.version',
        message: 'must be 4, the scoring version the file name gives (ADR 109)',
      });
    });

    it('refuses two files claiming one scoring version', () => {
      const s = schemas();
      s['questionnaires/mini/v2.scoring.v3.json'] = structuredClone(scoringOf(s));
      expect(checkForms(s, locales())).toEqual([
        {
          file: SCORING,
          path: '$.version',
          message: `scoring version 3 is also in v2.scoring.v3.json: keep one file per scoring version (ADR 109)`,
        },
      ]);
    });
  });
});
