/**
 * Scoring as data (ADR 080, 122): the one implementation the browser (live preview) and the server (the score of
 * record) both run. Scores are worked as integers of ten-thousandths (the 0.0001 grid) and every division is
 * rounded with integer arithmetic, so every platform gets the same digits.
 */
import { evaluateCondition } from './conditions.ts';
import {
  type BandDefinition,
  bandLabelKey,
  type FlagDefinition,
  type FlagResult,
  flagLabelKey,
  type ItemScoring,
  NO_CONTEXT,
  type NormGap,
  type NormGroup,
  type QuestionnaireDefinition,
  type ScaleDefinition,
  type ScaleResult,
  type ScoreKind,
  type ScoreResult,
  type ScoringContext,
  type ScoringDefinition,
  scaleLabelKey,
} from './types.ts';
import { RESPONDENT_VAR, visibleAnswers } from './visibility.ts';

/** Ten-thousandths per unit: option scores, weights and scores are integers on this grid. */
const GRID = 10_000;
const toGrid = (n: number) => Math.round(n * GRID);
const fromGrid = (g: number) => g / GRID;

/** `a / b` of integers rounded half away from zero (exact below 2^53). */
function divideHalfUp(a: number, b: number): number {
  const sign = a < 0 !== b < 0 ? -1 : 1;
  const x = Math.abs(a);
  const y = Math.abs(b);
  return sign * Math.floor((2 * x + y) / (2 * y));
}

/** `a / b` of integers rounded toward zero: a manual's "round down" drops the fraction. */
function divideDown(a: number, b: number): number {
  const sign = a < 0 !== b < 0 ? -1 : 1;
  return sign * Math.floor(Math.abs(a) / Math.abs(b));
}

/** The option -> score table of an item (inline or its response set); empty for an unknown set. */
export function optionScores(scoring: ScoringDefinition, item: ItemScoring): Record<string, number | null> {
  if (item.options) return item.options;
  return (item.responseSet && scoring.responseSets?.[item.responseSet]) || {};
}

type Range = { min: number; max: number };

// a scoring file is immutable once loaded: what does not depend on the answers is worked out once per file
interface Prepared {
  itemRanges: Map<string, Range>;
  scales: Map<string, ScaleDefinition>;
}
const prepared = new WeakMap<ScoringDefinition, Prepared>();
// by scale object (grid ranges): the same id may be another scale in another file
const scaleRanges = new WeakMap<ScaleDefinition, Range>();

function prepare(scoring: ScoringDefinition): Prepared {
  let p = prepared.get(scoring);
  if (!p) {
    p = {
      itemRanges: new Map(),
      scales: new Map(scoring.scales.map((s) => [s.id, s])),
    };
    prepared.set(scoring, p);
  }
  return p;
}

/** Lowest and highest option score of an item, not-scored options aside (reversing keeps the range). */
export function itemRange(scoring: ScoringDefinition, itemId: string): Range {
  const { itemRanges } = prepare(scoring);
  let range = itemRanges.get(itemId);
  if (!range) {
    const item = scoring.items[itemId];
    const scores = Object.values(item ? optionScores(scoring, item) : {}).filter((n) => n !== null);
    range = scores.length === 0 ? { min: 0, max: 0 } : { min: Math.min(...scores), max: Math.max(...scores) };
    itemRanges.set(itemId, range);
  }
  return range;
}

/** The raw option score of an answer, before reversing; undefined when unanswered, not scored or not an option. */
export function rawScore(scoring: ScoringDefinition, itemId: string, answer: unknown): number | undefined {
  const item = scoring.items[itemId];
  if (!item || answer === undefined || answer === null) return undefined;
  const table = optionScores(scoring, item);
  const key = String(answer);
  return Object.hasOwn(table, key) ? (table[key] ?? undefined) : undefined;
}

/** An item's score after reversing, on the grid: reversed items count `min + max - raw`. */
function itemGrid(scoring: ScoringDefinition, itemId: string, answer: unknown): number | undefined {
  const raw = rawScore(scoring, itemId, answer);
  if (raw === undefined) return undefined;
  if (!scoring.items[itemId]?.reverse) return toGrid(raw);
  const { min, max } = itemRange(scoring, itemId);
  return toGrid(min) + toGrid(max) - toGrid(raw);
}

/** The score an answer adds to a scale before its weight: reversed items count `min + max - raw`. */
export function itemScore(scoring: ScoringDefinition, itemId: string, answer: unknown): number | undefined {
  const score = itemGrid(scoring, itemId, answer);
  return score === undefined ? undefined : fromGrid(score);
}

/** An item's weight applied to a grid score, rounded half up back onto the grid. */
function weighted(scoring: ScoringDefinition, itemId: string, score: number): number {
  const weight = scoring.items[itemId]?.weight;
  return weight === undefined ? score : divideHalfUp(score * toGrid(weight), GRID);
}

/** `numerator / denominator` rounded half away from zero to 2 decimals, exactly (integer inputs). */
export function roundedRatio(numerator: number, denominator: number): number {
  return divideHalfUp(100 * numerator, denominator) / 100;
}

/** Hundredths as an integer: bands and scores are compared on this grid, never as floats. */
export const hundredths = (n: number) => Math.round(n * 100);

/**
 * A scale's score on the grid from its components' grid scores (answered items, or scored scales of a
 * composite); null when fewer than `minAnswered`. Means round half up to 0.01; a prorated sum by its rounding.
 */
function combine(scale: ScaleDefinition, scores: readonly number[], count: number): number | null {
  const answered = scores.length;
  if (answered < scale.minAnswered || answered === 0) return null;
  let sum = 0;
  for (const s of scores) sum += s;
  switch (scale.method) {
    case 'sum':
      return sum;
    case 'mean':
      return divideHalfUp(sum, answered * 100) * 100;
    case 'proratedMean':
      // the mean of the answered items times the number of items, on the sum's range
      return divideHalfUp(sum * count, answered * 100) * 100;
    default: {
      const { rule, decimals } = scale.rounding ?? { rule: 'halfUp', decimals: 2 };
      const unit = 10 ** (4 - decimals);
      const divide = rule === 'down' ? divideDown : divideHalfUp;
      return divide(sum * count, answered * unit) * unit;
    }
  }
}

/** The components a scale is computed from: its items, or for a composite its scales. */
const componentsOf = (scale: ScaleDefinition) => scale.scales ?? scale.items ?? [];

/** A scale's range on the grid (a composite's from its scales' ranges; a cycle counts as 0). */
function gridRange(scoring: ScoringDefinition, scale: ScaleDefinition, visiting = new Set<string>()): Range {
  const p = prepare(scoring);
  const known = scaleRanges.get(scale);
  if (known) return known;
  visiting.add(scale.id);
  const parts: Range[] = componentsOf(scale).map((id) => {
    if (!scale.scales) {
      const r = itemRange(scoring, id);
      const [a, b] = [weighted(scoring, id, toGrid(r.min)), weighted(scoring, id, toGrid(r.max))];
      return { min: Math.min(a, b), max: Math.max(a, b) };
    }
    const component = p.scales.get(id);
    return component && !visiting.has(id) ? gridRange(scoring, component, visiting) : { min: 0, max: 0 };
  });
  visiting.delete(scale.id);
  const count = parts.length;
  let range: Range;
  if (scale.method === 'sum' || count === 0) {
    range = { min: parts.reduce((s, r) => s + r.min, 0), max: parts.reduce((s, r) => s + r.max, 0) };
  } else {
    // a mean over any answered subset reaches furthest with the fewest allowed: the minAnswered lowest (highest)
    const fewest = Math.min(Math.max(scale.minAnswered, 1), count);
    const lows = parts.map((r) => r.min).sort((a, b) => a - b);
    const highs = parts.map((r) => r.max).sort((a, b) => b - a);
    range = {
      min: combine(scale, lows.slice(0, fewest), count) ?? 0,
      max: combine(scale, highs.slice(0, fewest), count) ?? 0,
    };
  }
  scaleRanges.set(scale, range);
  return range;
}

/** The lowest and highest score a scale can take (every method, weights, composites). */
export function scaleRange(scoring: ScoringDefinition, scale: ScaleDefinition): Range {
  const { min, max } = gridRange(scoring, scale);
  return { min: fromGrid(min), max: fromGrid(max) };
}

/** Whether every score a scale can take is a whole number: its bands and norm rows step by 1, else by 0.01. */
export function wholeNumberScale(
  scoring: ScoringDefinition,
  scale: ScaleDefinition,
  seen = new Set<string>(),
): boolean {
  if (scale.method === 'mean' || scale.method === 'proratedMean') return false;
  if (scale.method === 'proratedSum' && scale.rounding?.decimals !== 0) return false;
  if (scale.method === 'proratedSum') return true;
  seen.add(scale.id);
  const { scales } = prepare(scoring);
  if (scale.scales)
    return scale.scales.every((id) => {
      const component = scales.get(id);
      return component !== undefined && !seen.has(id) && wholeNumberScale(scoring, component, seen);
    });
  return (scale.items ?? []).every((id) => {
    const item = scoring.items[id];
    if (!item) return true;
    return Object.values(optionScores(scoring, item)).every(
      (n) => n === null || weighted(scoring, id, toGrid(n)) % GRID === 0,
    );
  });
}

/** The score of a scale from its components' scores (not yet weighted grid values: plain numbers). */
export function scaleScore(scale: ScaleDefinition, scores: number[]): number | null {
  const score = combine(scale, scores.map(toGrid), componentsOf(scale).length);
  return score === null ? null : fromGrid(score);
}

/** The bands, band score and norms in effect for a respondent: the informant's own, key by key, else the scale's. */
export function scoringFor(scale: ScaleDefinition, respondent: ScoringContext['respondent']) {
  const own = respondent ? scale.respondents?.[respondent] : undefined;
  return {
    bands: own?.bands ?? scale.bands,
    bandsOn: own?.bandsOn ?? scale.bandsOn ?? 'raw',
    norms: own?.norms ?? scale.norms,
  };
}

/** Whether a scale has norms for anyone: only then does its result say `normed` (or why not). */
const hasNorms = (scale: ScaleDefinition) =>
  scale.norms !== undefined || Object.values(scale.respondents ?? {}).some((r) => r?.norms !== undefined);

type Normed = { group: string; t?: number; percentile?: number };

/**
 * The norm group for the client, and the raw score read in its table. Reasons, in this order: no norms for this
 * respondent, raw score not scored, age unknown, sex unknown (only groups for one sex at that age), no group for
 * that age. A group for the client's own sex comes before an `any` group.
 */
export function normLookup(
  norms: readonly NormGroup[] | undefined,
  score: number | null,
  context: ScoringContext,
): { normed: Normed } | { normGap: NormGap } {
  if (!norms) return { normGap: 'noGroup' };
  if (score === null) return { normGap: 'notScored' };
  const { age, sex } = context;
  if (age === null) return { normGap: 'ageUnknown' };
  const atAge = (g: NormGroup) => g.age.min <= age && age <= g.age.max;
  const group =
    (sex === null ? undefined : norms.find((g) => g.sex === sex && atAge(g))) ??
    norms.find((g) => g.sex === 'any' && atAge(g));
  // without the sex, only an `any` group can be read; a group for one sex at this age means the sex is missing
  if (!group) return { normGap: sex === null && norms.some(atAge) ? 'sexUnknown' : 'ageOutside' };
  const at = hundredths(score);
  const row = group.rows.find((r) => hundredths(r.min) <= at && at <= hundredths(r.max));
  const normed: Normed = { group: group.id };
  if (row?.t !== undefined) normed.t = row.t;
  if (row?.percentile !== undefined) normed.percentile = row.percentile;
  return { normed };
}

const findBand = (bands: readonly BandDefinition[], score: number) => {
  const at = hundredths(score);
  return bands.find((b) => hundredths(b.min) <= at && at <= hundredths(b.max));
};

/** Which of a result's scores a band or flag reads; null when that score is missing. */
function scoreOn(result: ScaleResult, on: ScoreKind): number | null {
  if (on === 'raw') return result.score;
  return result.normed?.[on] ?? null;
}

function scoreScales(
  scoring: ScoringDefinition,
  shown: Record<string, unknown>,
  context: ScoringContext,
): ScaleResult[] {
  const { scales } = prepare(scoring);
  // grid scores by scale id: a composite reads its scales' scores, whatever their order in the file
  const scores = new Map<string, number | null>();
  const answeredOf = new Map<string, number>();
  const gridScore = (scale: ScaleDefinition, visiting: Set<string>): number | null => {
    if (scores.has(scale.id)) return scores.get(scale.id)!;
    const parts: number[] = [];
    if (scale.scales) {
      visiting.add(scale.id);
      for (const id of scale.scales) {
        const component = scales.get(id);
        const s = component && !visiting.has(id) ? gridScore(component, visiting) : null;
        if (s !== null) parts.push(s);
      }
      visiting.delete(scale.id);
    } else {
      for (const id of scale.items ?? []) {
        const s = itemGrid(scoring, id, shown[id]);
        if (s !== undefined) parts.push(weighted(scoring, id, s));
      }
    }
    const score = combine(scale, parts, componentsOf(scale).length);
    scores.set(scale.id, score);
    answeredOf.set(scale.id, parts.length);
    return score;
  };

  return scoring.scales.map((scale) => {
    const grid = gridScore(scale, new Set());
    const score = grid === null ? null : fromGrid(grid);
    const { bands, bandsOn, norms } = scoringFor(scale, context.respondent);
    const result: ScaleResult = {
      id: scale.id,
      labelKey: scaleLabelKey(scale.id),
      method: scale.method,
      score,
      answered: answeredOf.get(scale.id) ?? 0,
      required: scale.minAnswered,
      itemCount: componentsOf(scale).length,
      range: scaleRange(scoring, scale),
      band: null,
    };
    if (hasNorms(scale)) {
      const found = normLookup(norms, score, context);
      if ('normed' in found) result.normed = found.normed;
      else Object.assign(result, { normed: null, normGap: found.normGap });
    }
    if (bandsOn !== 'raw') result.bandOn = bandsOn;
    const on = scoreOn(result, bandsOn);
    const band = on === null ? undefined : findBand(bands, on);
    if (band)
      result.band = { id: band.id, labelKey: bandLabelKey(scale.id, band.id), severity: band.severity };
    return result;
  });
}

/** What a `when` flag reads: each scored item's score after reversing (null when unanswered or not scored). */
function itemScores(scoring: ScoringDefinition, shown: Record<string, unknown>, context: ScoringContext) {
  const vars: Record<string, unknown> = { [RESPONDENT_VAR]: context.respondent };
  for (const id of Object.keys(scoring.items)) vars[id] = itemScore(scoring, id, shown[id]) ?? null;
  return vars;
}

function raisedFlags(
  scoring: ScoringDefinition,
  shown: Record<string, unknown>,
  scales: readonly ScaleResult[],
  context: ScoringContext,
): FlagResult[] {
  let vars: Record<string, unknown> | undefined;
  const raised: FlagResult[] = [];
  const raise = (flag: FlagDefinition, extra: Partial<FlagResult> = {}) =>
    raised.push({ id: flag.id, item: flag.item ?? '', ...extra, labelKey: flagLabelKey(flag.id) });
  for (const flag of scoring.flags ?? []) {
    if (flag.item !== undefined && flag.scoreAtLeast !== undefined) {
      const raw = rawScore(scoring, flag.item, shown[flag.item]);
      if (raw !== undefined && toGrid(raw) >= toGrid(flag.scoreAtLeast)) raise(flag);
    } else if (flag.scale !== undefined && flag.atLeast !== undefined) {
      const result = scales.find((s) => s.id === flag.scale);
      const score = result ? scoreOn(result, flag.on ?? 'raw') : null;
      if (score !== null && toGrid(score) >= toGrid(flag.atLeast)) raise(flag, { scale: flag.scale });
    } else if (flag.when !== undefined) {
      vars ??= itemScores(scoring, shown, context);
      if (evaluateCondition(flag.when, vars)) raise(flag);
    }
  }
  return raised;
}

/**
 * Scores a response for a context (who answered; the client's age and sex, for norms): hidden items' answers are
 * dropped first, so they are never scored nor flagged. The result keeps the context it was scored with.
 */
export function scoreAnswers(
  def: QuestionnaireDefinition,
  answers: Record<string, unknown>,
  context: ScoringContext = NO_CONTEXT,
): ScoreResult {
  const { scoring } = def;
  const shown = visibleAnswers(def, answers, context.respondent);
  const scales = scoreScales(scoring, shown, context);
  return { context: { ...context }, scales, flags: raisedFlags(scoring, shown, scales, context) };
}
