// @vitest-environment node
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkForms } from '../../../../src/forms/check';
import { CASES_FILE, caseDiff, runCases } from '../../../../src/forms/check-cases';
import { loadQuestionnaireCatalog, readJsonTree } from '../../../../src/forms/node';
import { type ScoringCases, scoreAnswers } from '../../../../src/forms/questionnaires/index.ts';
import { define } from './define';

const ROOT = join(__dirname, '../../../..');
const shipped = Object.entries(readJsonTree(join(ROOT, 'schemas'))).filter(([key]) => CASES_FILE.test(key));
const catalog = loadQuestionnaireCatalog();

describe('the shipped cases files', () => {
  it('are there for the example questionnaires', () => {
    expect(shipped.map(([key]) => key)).toEqual(
      expect.arrayContaining([
        'questionnaires/everyday-feelings/v1.scoring.v1.cases.json',
        'questionnaires/home-routines/v1.scoring.v1.cases.json',
      ]),
    );
  });

  it.each(shipped)('%s: every case scores as expected', (key, content) => {
    const { id, version, scoring } = CASES_FILE.exec(key)!.groups!;
    const def = catalog.get(id!, Number(version), Number(scoring));
    expect(runCases(def, (content as unknown as ScoringCases).cases)).toEqual([]);
  });
});

describe('runCases', () => {
  const def = define(
    {
      items: { a: { options: { '0': 0, '1': 1, '2': 2, '3': 3 } } },
      scales: [
        {
          id: 's',
          method: 'sum',
          items: ['a'],
          minAnswered: 1,
          bands: [{ id: 'all', min: 0, max: 3, severity: 'none' }],
          norms: [
            { id: 'girls', sex: 'female', age: { min: 8, max: 18 }, rows: [{ min: 0, max: 3, t: 50 }] },
          ],
        },
      ],
      flags: [{ id: 'a3', item: 'a', scoreAtLeast: 3 }],
    },
    ['a'],
  );

  it('scores each case in its context and compares only what it gives', () => {
    expect(
      runCases(def, [
        {
          name: 'girl of 9',
          age: 9,
          sex: 'female',
          answers: { a: 3 },
          expect: { scales: { s: { t: 50 } }, flags: ['a3'] },
        },
        { name: 'no age', answers: { a: 1 }, expect: { scales: { s: { score: 1, t: null } } } },
      ]),
    ).toEqual([]);
  });

  it('reports a wrong case by name with expected and got, flags as sets', () => {
    expect(
      runCases(def, [
        {
          name: 'wrong',
          answers: { a: 2 },
          expect: { scales: { s: { score: 3, band: 'all' }, x: { score: 1 } }, flags: ['a3'] },
        },
      ]),
    ).toEqual([
      {
        index: 0,
        name: 'wrong',
        diff: [
          'scales.s.score: expected 3, got 2',
          'scales.x: expected a scale, the scoring file has none',
          'flags: expected ["a3"], got []',
        ],
      },
    ]);
  });

  it('compares flags in any order', () => {
    const result = scoreAnswers(def, { a: 3 });
    expect(caseDiff({ flags: ['a3'] }, { ...result, flags: [...result.flags] })).toEqual([]);
  });
});

describe('check:forms on cases files', () => {
  const FIXTURES = join(__dirname, '../../../fixtures/questionnaires/files');
  // biome-ignore lint/suspicious/noExplicitAny: fixtures are edited freely to break them
  const schemas = () => structuredClone(readJsonTree(`${FIXTURES}/schemas`)) as Record<string, any>;
  const locales = () => readJsonTree(`${FIXTURES}/locales`);
  // the mini questionnaire v2 (scoring version 3): often 0-3 + calm 3-0, total low 0-2, high 3-6; flag often at 3
  const cases = (expect: object) => ({
    cases: [{ name: 'always and never', answers: { often: 3, calm: 3 }, expect }],
  });

  it('passes a cases file whose cases all score as expected', () => {
    const s = schemas();
    s['questionnaires/mini/v2.scoring.v3.cases.json'] = cases({
      scales: { total: { score: 3, band: 'high' } },
      flags: ['often'],
    });
    expect(checkForms(s, locales())).toEqual([]);
  });

  it('fails on a wrong case with file, case name and the diff', () => {
    const s = schemas();
    s['questionnaires/mini/v2.scoring.v3.cases.json'] = cases({ scales: { total: { score: 4 } }, flags: [] });
    expect(checkForms(s, locales())).toEqual([
      {
        file: 'schemas/questionnaires/mini/v2.scoring.v3.cases.json',
        path: '$.cases[0]',
        message:
          'case "always and never": scales.total.score: expected 4, got 3; flags: expected [], got ["often"]',
      },
    ]);
  });

  it('refuses a cases file naming a scoring file that does not exist', () => {
    const s = schemas();
    s['questionnaires/mini/v2.scoring.v4.cases.json'] = cases({ flags: [] });
    expect(checkForms(s, locales())).toEqual([
      {
        file: 'schemas/questionnaires/mini/v2.scoring.v4.cases.json',
        path: '$',
        message: 'names a scoring file that does not exist: v2.scoring.v4.json (ADR 122)',
      },
    ]);
  });

  it('refuses a case the meta-schema refuses', () => {
    const s = schemas();
    s['questionnaires/mini/v2.scoring.v3.cases.json'] = { cases: [{ name: 'no expect', answers: {} }] };
    expect(checkForms(s, locales())).toEqual([
      {
        file: 'schemas/questionnaires/mini/v2.scoring.v3.cases.json',
        path: '$.cases[0]',
        message: "must have required property 'expect'",
      },
    ]);
  });
});
