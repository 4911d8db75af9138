// The authors' expected values of every shipped cases file, checked against a reference calculation in exact
// fractions that shares no code with the scoring module (tests/unit/questionnaires/reference-scoring.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type CaseExpectation,
  differences,
  Fraction,
  referenceScore,
  type ScoringFile,
  type UiFile,
  type Who,
} from './reference-scoring';

const ROOT = join(import.meta.dirname, '../../../schemas/questionnaires');
const read = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

interface CasesFile {
  cases: (Who & { name: string; answers: Record<string, unknown>; expect: CaseExpectation })[];
}

/** Every `v<N>.scoring.v<S>.cases.json` of every shipped questionnaire, with its scoring and UI files. */
const shipped = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) =>
    readdirSync(join(ROOT, dir.name))
      .map((file) => /^v(\d+)\.scoring\.v(\d+)\.cases\.json$/.exec(file))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([file, form]) => ({
        name: `${dir.name}/${file}`,
        cases: read<CasesFile>(join(ROOT, dir.name, file as string)).cases,
        scoring: read<ScoringFile>(join(ROOT, dir.name, (file as string).replace('.cases.json', '.json'))),
        ui: existsSync(join(ROOT, dir.name, `v${form}.ui.json`))
          ? read<UiFile>(join(ROOT, dir.name, `v${form}.ui.json`))
          : {},
      })),
  );

describe('the reference calculation in exact fractions', () => {
  it('rounds half away from zero and cuts down, reading JSON numbers as the decimals they are written as', () => {
    const f = (n: bigint, d: bigint) => new Fraction(n, d);
    expect(f(35n, 4n).round(0, 'halfUp').toString()).toBe('9');
    expect(f(-15n, 2n).round(0, 'halfUp').toString()).toBe('-8');
    expect(f(25n, 4n).round(0, 'halfUp').toString()).toBe('6');
    expect(f(15n, 2n).round(0, 'down').toString()).toBe('7');
    expect(f(1n, 3n).round(2, 'halfUp').toString()).toBe('33/100');
    expect(f(5n, 8n).round(2, 'halfUp').toString()).toBe('63/100');
    expect(Fraction.of(0.99).toString()).toBe('99/100');
    expect(Fraction.of(0.1).plus(Fraction.of(0.2)).equals(Fraction.of(0.3))).toBe(true);
  });

  it('finds every shipped cases file', () => {
    expect(shipped.map((file) => file.name).sort()).toEqual([
      'everyday-feelings/v1.scoring.v1.cases.json',
      'everyday-feelings/v1.scoring.v2.cases.json',
      'home-routines/v1.scoring.v1.cases.json',
      'home-routines/v1.scoring.v2.cases.json',
      'school-day/v1.scoring.v1.cases.json',
      'worries-and-mood/v1.scoring.v1.cases.json',
    ]);
  });

  it('would fail a case whose expected score, band, T-score or flags were off', () => {
    const file = shipped.find((f) => f.name === 'school-day/v1.scoring.v1.cases.json');
    const first = file?.cases[0];
    if (!file || !first) throw new Error('school-day cases missing');
    const got = referenceScore(file.scoring, file.ui, first.answers, first);
    expect(differences(first.expect, got)).toEqual([]);
    const focus = first.expect.scales?.focus ?? {};
    const off: CaseExpectation = {
      scales: {
        focus: {
          score: (focus.score ?? 0) + 1,
          t: (focus.t ?? 0) + 0.5,
          band: 'clinical',
        },
      },
      flags: ['focusVeryHigh'],
    };
    expect(differences(off, got)).toHaveLength(4);
  });

  it('disagrees with the cases when a rule is read wrongly: reversals, weights or prorating dropped', () => {
    const failing = (change: (scoring: ScoringFile) => ScoringFile) =>
      shipped.flatMap((file) =>
        file.cases.filter(
          (c) =>
            differences(c.expect, referenceScore(change(file.scoring), file.ui, c.answers, c)).length > 0,
        ),
      ).length;
    const items = (scoring: ScoringFile, edit: (item: ScoringFile['items'][string]) => object) => ({
      ...scoring,
      items: Object.fromEntries(
        Object.entries(scoring.items).map(([id, item]) => [id, { ...item, ...edit(item) }]),
      ),
    });
    expect(failing((s) => s)).toBe(0);
    expect(failing((s) => items(s, () => ({ reverse: false })))).toBeGreaterThan(10);
    expect(failing((s) => items(s, () => ({ weight: undefined })))).toBeGreaterThan(0);
    expect(
      failing((s) => ({
        ...s,
        scales: s.scales.map((scale) =>
          scale.method === 'proratedSum' || scale.method === 'proratedMean'
            ? { ...scale, method: 'sum' }
            : scale,
        ),
      })),
    ).toBeGreaterThan(0);
  });

  for (const file of shipped)
    describe(file.name, () => {
      it.each(file.cases.map((c, i) => [i, c.name, c] as const))('case %i: %s', (_i, _name, c) => {
        const got = referenceScore(file.scoring, file.ui, c.answers, c);
        expect(differences(c.expect, got)).toEqual([]);
      });
    });
});
