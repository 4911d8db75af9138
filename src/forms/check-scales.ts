/**
 * check:forms on what a scale of the scoring format of ADR 122 may hold beyond items and bands: composites (missing
 * scales, cycles), the rounding of a prorated sum, informant overrides, reliable-change parameters, norm tables
 * (rows over the raw range, ages and sexes of every respondent), bands on normed scores, and flags.
 */
import type { Problem } from './check-walk';
import { inspectCondition } from './questionnaires/conditions';
import { hundredths, scaleRange, wholeNumberScale } from './questionnaires/scoring';
import type {
  BandDefinition,
  NormGroup,
  QuestionnaireMeta,
  Respondent,
  ScaleDefinition,
  ScoreKind,
  ScoringDefinition,
} from './questionnaires/types';
import { RESPONDENT_VAR } from './questionnaires/visibility';

const SEXES = ['female', 'male'] as const;
const KIND_NAMES: Record<ScoreKind, string> = { raw: 'raw score', t: 'T-score', percentile: 'percentile' };

/** Who a questionnaire is given to, and for which ages: what norm tables must cover. */
export type Audience = Pick<QuestionnaireMeta, 'respondents' | 'ageRange'>;

/** Consecutive ranges (bands or norm rows) in order, meeting with no gap or overlap at `step` hundredths. */
function checkSteps(
  ranges: readonly { min: number; max: number }[],
  step: number,
  at: (j: number) => string,
  what: string,
  file: string,
): Problem[] {
  const problems: Problem[] = [];
  ranges.forEach((range, j) => {
    if (range.min > range.max)
      problems.push({ file, path: at(j), message: `min ${range.min} is above max ${range.max}` });
    if (step === 100 && (!Number.isInteger(range.min) || !Number.isInteger(range.max)))
      problems.push({
        file,
        path: at(j),
        message: `the scores are whole numbers: ${what} use whole numbers`,
      });
    const previous = ranges[j - 1];
    if (!previous) return;
    const expected = hundredths(previous.max) + step;
    const actual = hundredths(range.min);
    if (actual > expected)
      problems.push({
        file,
        path: `${at(j)}.min`,
        message: `gap in ${what}: nothing covers ${expected / 100} to ${(actual - step) / 100} (ADR 122)`,
      });
    else if (actual < expected)
      problems.push({
        file,
        path: `${at(j)}.min`,
        message: `overlap in ${what}: ${actual / 100} to ${hundredths(previous.max) / 100} is covered twice (ADR 122)`,
      });
  });
  return problems;
}

/** A norm table: rows over the scale's raw range (step 1 for whole-number scores, else 0.01), of one kind. */
function checkNormTables(
  scoring: ScoringDefinition,
  scale: ScaleDefinition,
  norms: readonly NormGroup[],
  at: string,
  file: string,
): Problem[] {
  const problems: Problem[] = [];
  const step = wholeNumberScale(scoring, scale) ? 100 : 1;
  const range = scaleRange(scoring, scale);
  const ids = new Set<string>();
  norms.forEach((group, g) => {
    const path = `${at}[${g}]`;
    if (ids.has(group.id))
      problems.push({ file, path: `${path}.id`, message: `duplicate norm group id: ${group.id}` });
    ids.add(group.id);
    if (group.age.min > group.age.max)
      problems.push({ file, path: `${path}.age`, message: 'min is above max' });
    const rows = (j: number) => `${path}.rows[${j}]`;
    problems.push(...checkSteps(group.rows, step, rows, `the rows of norm group ${group.id}`, file));
    const first = group.rows[0];
    const last = group.rows.at(-1);
    if (first && hundredths(first.min) !== hundredths(range.min))
      problems.push({
        file,
        path: `${rows(0)}.min`,
        message: `norm group ${group.id} starts at ${first.min} but the scale's lowest raw score is ${range.min} (ADR 122)`,
      });
    if (last && hundredths(last.max) !== hundredths(range.max))
      problems.push({
        file,
        path: `${rows(group.rows.length - 1)}.max`,
        message: `norm group ${group.id} ends at ${last.max} but the scale's highest raw score is ${range.max} (ADR 122)`,
      });
    const kinds = (row: (typeof group.rows)[number]) =>
      (['t', 'percentile'] as const).filter((k) => row[k] !== undefined).join(' and ');
    const kind = first ? kinds(first) : '';
    group.rows.forEach((row, j) => {
      if (j > 0 && kinds(row) !== kind)
        problems.push({
          file,
          path: rows(j),
          message: `gives ${kinds(row)} but the group's first row gives ${kind}: all rows of a group give the same kinds (ADR 122)`,
        });
    });
  });
  return problems;
}

/** Ages as runs: [6, 7, 8, 11] -> "6 to 8, 11". */
function ageRuns(ages: number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < ages.length; ) {
    let j = i;
    while (j + 1 < ages.length && ages[j + 1] === ages[j]! + 1) j++;
    runs.push(i === j ? `${ages[i]}` : `${ages[i]} to ${ages[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** Every respondent using a norm table, each sex and each age of the questionnaire: exactly one group. */
function checkAgeCoverage(
  norms: readonly NormGroup[],
  respondents: readonly Respondent[],
  audience: Audience,
  at: string,
  file: string,
): Problem[] {
  const problems: Problem[] = [];
  const who = respondents.join(', ');
  for (const sex of SEXES) {
    const missing: number[] = [];
    const twice = new Map<string, number[]>();
    for (let age = audience.ageRange.min; age <= audience.ageRange.max; age++) {
      const groups = norms.filter(
        (g) => (g.sex === sex || g.sex === 'any') && g.age.min <= age && age <= g.age.max,
      );
      if (groups.length === 0) missing.push(age);
      if (groups.length > 1) {
        const key = groups.map((g) => g.id).join(' and ');
        twice.set(key, [...(twice.get(key) ?? []), age]);
      }
    }
    if (missing.length > 0)
      problems.push({
        file,
        path: at,
        message: `no norm group for ${who}, ${sex}, age ${ageRuns(missing)} (questionnaire.json ages ${audience.ageRange.min} to ${audience.ageRange.max}; ADR 122)`,
      });
    for (const [groups, ages] of twice)
      problems.push({
        file,
        path: at,
        message: `norm groups ${groups} both cover ${who}, ${sex}, age ${ageRuns(ages)}: one group each (ADR 122)`,
      });
  }
  return problems;
}

/** Bands on a T-score or percentile: in order without gap or overlap, covering every such value of the tables. */
function checkNormedBands(
  bands: readonly BandDefinition[],
  on: ScoreKind,
  tables: readonly (readonly NormGroup[] | undefined)[],
  at: string,
  file: string,
): Problem[] {
  const whole = bands.every((b) => Number.isInteger(b.min) && Number.isInteger(b.max));
  const problems = checkSteps(bands, whole ? 100 : 1, (j) => `${at}[${j}]`, 'the bands', file);
  const reported = new Set<string>();
  for (const norms of tables) {
    if (!norms) {
      problems.push({
        file,
        path: at,
        message: `the bands read the ${KIND_NAMES[on]} but no norms are given for them`,
      });
      continue;
    }
    for (const group of norms)
      for (const row of group.rows) {
        const value = row[on as 't' | 'percentile'];
        const key = `${group.id}:${value}`;
        if (reported.has(key)) continue;
        reported.add(key);
        if (value === undefined)
          problems.push({
            file,
            path: at,
            message: `the bands read the ${KIND_NAMES[on]} but norm group ${group.id} gives none`,
          });
        else if (
          !bands.some((b) => hundredths(b.min) <= hundredths(value) && hundredths(value) <= hundredths(b.max))
        )
          problems.push({
            file,
            path: at,
            message: `${KIND_NAMES[on]} ${value} of norm group ${group.id} falls in no band (ADR 122)`,
          });
      }
  }
  return problems;
}

/** Reliable-change parameters: sd with reliability, or a threshold; a cut-off, or the means and SDs it comes from. */
function checkChange(scale: ScaleDefinition, at: string, file: string): Problem[] {
  const change = scale.change;
  if (!change) return [];
  const problems: Problem[] = [];
  const has = (k: keyof typeof change) => change[k] !== undefined;
  const refuse = (message: string) =>
    problems.push({ file, path: `${at}.change`, message: `${message} (ADR 122)` });
  if (has('sd') !== has('reliability')) refuse('sd and reliability go together');
  else if (has('sd') && has('threshold')) refuse('give sd and reliability, or threshold, not both');
  else if (!has('sd') && !has('threshold')) refuse('needs sd and reliability, or threshold');
  if (has('normativeMean') !== has('normativeSd')) refuse('normativeMean and normativeSd go together');
  else if (has('clinicalMean') !== has('clinicalSd')) refuse('clinicalMean and clinicalSd go together');
  else if (has('cutoff') && (has('normativeMean') || has('clinicalMean')))
    refuse('give cutoff, or the means and SDs it is worked out from, not both');
  return problems;
}

/** A composite names scales the file has, and no chain of composites leads back to itself. */
function checkComposites(scoring: ScoringDefinition, file: string): Problem[] {
  const problems: Problem[] = [];
  const byId = new Map(scoring.scales.map((s) => [s.id, s]));
  const cyclic = new Set<string>();
  scoring.scales.forEach((scale, i) => {
    (scale.scales ?? []).forEach((id, j) => {
      if (!byId.has(id))
        problems.push({
          file,
          path: `$.scales[${i}].scales[${j}]`,
          message: `names a scale the file lacks: ${id}`,
        });
    });
    // depth-first from this scale: a path back to it is a cycle
    const walk = (id: string, path: string[]): string[] | undefined => {
      for (const next of byId.get(id)?.scales ?? []) {
        if (next === scale.id) return [...path, next];
        if (path.includes(next)) continue;
        const found = walk(next, [...path, next]);
        if (found) return found;
      }
      return undefined;
    };
    const cycle = scale.scales ? walk(scale.id, [scale.id]) : undefined;
    if (cycle && !cycle.some((id) => cyclic.has(id))) {
      for (const id of cycle) cyclic.add(id);
      problems.push({
        file,
        path: `$.scales[${i}].scales`,
        message: `composite scales form a cycle: ${cycle.join(' → ')} (ADR 122)`,
      });
    }
  });
  return problems;
}

/** Whether a scale can be scored: its components exist and no composite cycle runs through it. */
export function soundComposite(
  scoring: ScoringDefinition,
  scale: ScaleDefinition,
  seen = new Set<string>(),
): boolean {
  if (!scale.scales) return true;
  if (seen.has(scale.id)) return false;
  seen.add(scale.id);
  const ok = scale.scales.every((id) => {
    const component = scoring.scales.find((s) => s.id === id);
    return component !== undefined && soundComposite(scoring, component, seen);
  });
  seen.delete(scale.id);
  return ok;
}

/** The checks of one scale beyond its items and raw bands (those stay in check-questionnaires.ts). */
export function checkScaleFormat(
  scoring: ScoringDefinition,
  scale: ScaleDefinition,
  index: number,
  audience: Audience,
  file: string,
  sound: boolean,
): Problem[] {
  const at = `$.scales[${index}]`;
  const problems: Problem[] = [];
  if (scale.method === 'proratedSum' && !scale.rounding)
    problems.push({
      file,
      path: `${at}.rounding`,
      message: 'is required for proratedSum: {"rule": "halfUp"|"down", "decimals": 0|1|2} (ADR 122)',
    });
  if (scale.method !== 'proratedSum' && scale.rounding)
    problems.push({
      file,
      path: `${at}.rounding`,
      message: `only a proratedSum is rounded by a rule; a ${scale.method} is not (ADR 122)`,
    });
  for (const respondent of Object.keys(scale.respondents ?? {}))
    if (!(audience.respondents as string[]).includes(respondent))
      problems.push({
        file,
        path: `${at}.respondents.${respondent}`,
        message: `names a respondent questionnaire.json lacks: ${respondent}`,
      });
  problems.push(...checkChange(scale, at, file));
  if (!sound) return problems;

  // norm tables, each once, with the respondents that read it
  const tables: [NormGroup[], string][] = [];
  if (scale.norms) tables.push([scale.norms, `${at}.norms`]);
  for (const [respondent, own] of Object.entries(scale.respondents ?? {}))
    if (own?.norms) tables.push([own.norms, `${at}.respondents.${respondent}.norms`]);
  for (const [norms, path] of tables) {
    problems.push(...checkNormTables(scoring, scale, norms, path, file));
    const readers = audience.respondents.filter(
      (r) => (scale.respondents?.[r]?.norms ?? scale.norms) === norms,
    );
    if (readers.length > 0) problems.push(...checkAgeCoverage(norms, readers, audience, path, file));
  }

  // band sets on a normed score, each with the norms in effect wherever it is read
  const bandSets: [BandDefinition[], ScoreKind, string, (NormGroup[] | undefined)[]][] = [];
  const contexts: (Respondent | null)[] = [...(scale.norms ? [null] : []), ...audience.respondents];
  for (const respondent of contexts) {
    const own = respondent ? scale.respondents?.[respondent] : undefined;
    const bands = own?.bands ?? scale.bands;
    const on = own?.bandsOn ?? scale.bandsOn ?? 'raw';
    if (on === 'raw') continue;
    const norms = own?.norms ?? scale.norms;
    const known = bandSets.find(([b, k]) => b === bands && k === on);
    if (known) {
      if (!known[3].includes(norms)) known[3].push(norms);
      continue;
    }
    const path = own?.bands ? `${at}.respondents.${respondent}.bands` : `${at}.bands`;
    bandSets.push([bands, on, path, [norms]]);
  }
  for (const [bands, on, path, norms] of bandSets)
    problems.push(...checkNormedBands(bands, on, norms, path, file));
  return problems;
}

/** Composites over the whole file, and flags naming scales or items the file lacks. */
export function checkScoringFormat(scoring: ScoringDefinition, file: string): Problem[] {
  const problems = checkComposites(scoring, file);
  const scaleIds = new Set(scoring.scales.map((s) => s.id));
  (scoring.flags ?? []).forEach((flag, i) => {
    const at = `$.flags[${i}]`;
    if (flag.scale !== undefined && !scaleIds.has(flag.scale))
      problems.push({ file, path: `${at}.scale`, message: `names a scale the file lacks: ${flag.scale}` });
    if (flag.when === undefined) return;
    const { vars, problems: shape } = inspectCondition(flag.when, `${at}.when`);
    for (const p of shape) problems.push({ file, ...p });
    for (const v of vars)
      if (v.name !== RESPONDENT_VAR && !Object.hasOwn(scoring.items, v.name))
        problems.push({
          file,
          path: v.path,
          message: `names an item without option scores: ${v.name} (a when flag reads item scores)`,
        });
  });
  return problems;
}
