/**
 * An author's test cases as files (ADR 122): `v<N>.scoring.v<S>.cases.json` beside the scoring file. check:forms
 * scores every case with the one scoring module and reports each wrong one with its file, case name and an
 * expected-vs-got diff. The test suite runs the shipped cases files through the same runner.
 */
import type Ajv from 'ajv';
import type { Problem } from './check-walk';
import { createQuestionnaireCatalog, scoringFileName } from './questionnaires/catalog';
import casesMetaSchema from './questionnaires/meta/cases.schema.json';
import { scoreAnswers } from './questionnaires/scoring';
import type { QuestionnaireDefinition, ScoreResult, ScoringCase, ScoringCases } from './questionnaires/types';
import { type SchemaFiles, schemaPath } from './registry';

export const CASES_FILE =
  /^questionnaires\/(?<id>[^/]+)\/v(?<version>[1-9][0-9]*)\.scoring\.v(?<scoring>[1-9][0-9]*)\.cases\.json$/;

/** The cases file of a scoring version: beside its scoring file, named after it. */
export const casesFileName = (version: number, scoringVersion: number) =>
  scoringFileName(version, scoringVersion).replace(/\.json$/, '.cases.json');

/** `/cases/0/age` as `$.cases[0].age`. */
const jsonPath = (pointer: string) =>
  `$${pointer.replace(/\/([0-9]+)(?=\/|$)/g, '[$1]').replaceAll('/', '.')}`;

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/** What a case expects that the result does not give, one `path: expected …, got …` per difference. */
export function caseDiff(expect: ScoringCase['expect'], result: ScoreResult): string[] {
  const diff: string[] = [];
  for (const [id, expected] of Object.entries(expect.scales ?? {})) {
    const scale = result.scales.find((s) => s.id === id);
    if (!scale) {
      diff.push(`scales.${id}: expected a scale, the scoring file has none`);
      continue;
    }
    const got = {
      score: scale.score,
      band: scale.band?.id ?? null,
      t: scale.normed?.t ?? null,
      percentile: scale.normed?.percentile ?? null,
    };
    for (const key of ['score', 'band', 't', 'percentile'] as const)
      if (Object.hasOwn(expected, key) && expected[key] !== got[key])
        diff.push(`scales.${id}.${key}: expected ${show(expected[key])}, got ${show(got[key])}`);
  }
  if (expect.flags) {
    const got = result.flags.map((f) => f.id);
    const same = got.length === expect.flags.length && expect.flags.every((id) => got.includes(id));
    if (!same) diff.push(`flags: expected ${show([...expect.flags].sort())}, got ${show([...got].sort())}`);
  }
  return diff;
}

/** Scores each case in its context (who answered, age, sex); the wrong ones with their diff. */
export function runCases(def: QuestionnaireDefinition, cases: readonly ScoringCase[]) {
  const wrong: { index: number; name: string; diff: string[] }[] = [];
  cases.forEach((c, index) => {
    const context = { respondent: c.respondent ?? null, age: c.age ?? null, sex: c.sex ?? null };
    const diff = caseDiff(c.expect, scoreAnswers(def, c.answers, context));
    if (diff.length > 0) wrong.push({ index, name: c.name, diff });
  });
  return wrong;
}

/** Every cases file of `schemas/questionnaires`: its shape, its scoring file, and every case scored as expected. */
export function checkCases(schemaFiles: SchemaFiles, ajv: Ajv): Problem[] {
  const problems: Problem[] = [];
  const validate = ajv.compile(casesMetaSchema);
  const catalog = createQuestionnaireCatalog(schemaFiles);
  for (const [key, content] of Object.entries(schemaFiles)) {
    const path = schemaPath(key);
    const match = CASES_FILE.exec(path)?.groups;
    if (!match) continue;
    const file = `schemas/${path}`;
    const [version, scoringVersion] = [Number(match.version), Number(match.scoring)];
    if (!catalog.has(match.id!, version, scoringVersion)) {
      problems.push({
        file,
        path: '$',
        message: `names a scoring file that does not exist: ${scoringFileName(version, scoringVersion)} (ADR 122)`,
      });
      continue;
    }
    if (!validate(content)) {
      for (const e of validate.errors ?? [])
        problems.push({
          file,
          path: jsonPath(e.instancePath),
          message: e.message ?? e.keyword,
        });
      continue;
    }
    const def = catalog.get(match.id!, version, scoringVersion);
    for (const { index, name, diff } of runCases(def, (content as unknown as ScoringCases).cases))
      problems.push({ file, path: `$.cases[${index}]`, message: `case "${name}": ${diff.join('; ')}` });
  }
  return problems;
}
