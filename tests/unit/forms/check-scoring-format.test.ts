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
          'a flag is exactly one of {id, item, scoreAtLeast}, {id, scale, atLeast, on?} or {id, when} (ADR 122)',
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
