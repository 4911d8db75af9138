/**
 * Scoring as data (ADR 080): the one implementation the browser (live preview) and the server (the score of
 * record) both run. Option scores are integers; means are rounded half away from zero to 2 decimals with
 * integer arithmetic, so every platform gets the same digits.
 */
import {
  bandLabelKey,
  flagLabelKey,
  type ItemScoring,
  NO_CONTEXT,
  type QuestionnaireDefinition,
  type ScaleDefinition,
  type ScaleResult,
  type ScoreResult,
  type ScoringContext,
  type ScoringDefinition,
  scaleLabelKey,
} from './types.ts';
import { visibleAnswers } from './visibility.ts';

/** The option -> score table of an item (inline or its response set); empty for an unknown set. */
export function optionScores(scoring: ScoringDefinition, item: ItemScoring): Record<string, number | null> {
  if (item.options) return item.options;
  return (item.responseSet && scoring.responseSets?.[item.responseSet]) || {};
}

type Range = { min: number; max: number };

// a scoring file is immutable once loaded: its item ranges are worked out once, not per response
const rangeCache = new WeakMap<ScoringDefinition, Map<string, Range>>();

/** Lowest and highest option score of an item (reversing keeps the range). */
export function itemRange(scoring: ScoringDefinition, itemId: string): Range {
  let ranges = rangeCache.get(scoring);
  if (!ranges) {
    ranges = new Map();
    rangeCache.set(scoring, ranges);
  }
  let range = ranges.get(itemId);
  if (!range) {
    const item = scoring.items[itemId];
    const scores = Object.values(item ? optionScores(scoring, item) : {}).filter((n) => n !== null);
    range = scores.length === 0 ? { min: 0, max: 0 } : { min: Math.min(...scores), max: Math.max(...scores) };
    ranges.set(itemId, range);
  }
  return range;
}

/** The raw option score of an answer, before reversing; undefined when unanswered or not an option. */
export function rawScore(scoring: ScoringDefinition, itemId: string, answer: unknown): number | undefined {
  const item = scoring.items[itemId];
  if (!item || answer === undefined || answer === null) return undefined;
  const table = optionScores(scoring, item);
  const key = String(answer);
  return Object.hasOwn(table, key) ? (table[key] ?? undefined) : undefined;
}

/** The score an answer adds to a scale: reversed items count `min + max - raw`. */
export function itemScore(scoring: ScoringDefinition, itemId: string, answer: unknown): number | undefined {
  const raw = rawScore(scoring, itemId, answer);
  if (raw === undefined) return undefined;
  if (!scoring.items[itemId]?.reverse) return raw;
  const { min, max } = itemRange(scoring, itemId);
  return min + max - raw;
}

/** `numerator / denominator` rounded half away from zero to 2 decimals, exactly (integer inputs). */
export function roundedRatio(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const hundredths = Math.floor((200 * Math.abs(numerator) + denominator) / (2 * denominator));
  return (sign * hundredths) / 100;
}

/** Hundredths as an integer: bands and scores are compared on this grid, never as floats. */
export const hundredths = (n: number) => Math.round(n * 100);

/** The lowest and highest score a scale can take. */
export function scaleRange(scoring: ScoringDefinition, scale: ScaleDefinition): Range {
  const ranges = (scale.items ?? []).map((id) => itemRange(scoring, id));
  const min = ranges.reduce((s, r) => s + r.min, 0);
  const max = ranges.reduce((s, r) => s + r.max, 0);
  if (scale.method !== 'mean' || ranges.length === 0) return { min, max };
  return { min: roundedRatio(min, ranges.length), max: roundedRatio(max, ranges.length) };
}

/** The score of a scale from the scores of its answered items; null when fewer than `minAnswered`. */
export function scaleScore(scale: ScaleDefinition, scores: number[]): number | null {
  const answered = scores.length;
  if (answered < scale.minAnswered || answered === 0) return null;
  const sum = scores.reduce((s, n) => s + n, 0);
  if (scale.method === 'sum') return sum;
  if (scale.method === 'mean') return roundedRatio(sum, answered);
  // prorated: the mean of the answered items times the number of items, on the sum's range
  return roundedRatio(sum * (scale.items ?? []).length, answered);
}

function scoreScale(scoring: ScoringDefinition, scale: ScaleDefinition, answers: Record<string, unknown>) {
  const scores: number[] = [];
  for (const id of scale.items ?? []) {
    const score = itemScore(scoring, id, answers[id]);
    if (score !== undefined) scores.push(score);
  }
  const score = scaleScore(scale, scores);
  const band =
    score === null
      ? undefined
      : scale.bands.find(
          (b) => hundredths(b.min) <= hundredths(score) && hundredths(score) <= hundredths(b.max),
        );
  const result: ScaleResult = {
    id: scale.id,
    labelKey: scaleLabelKey(scale.id),
    method: scale.method,
    score,
    answered: scores.length,
    required: scale.minAnswered,
    itemCount: (scale.items ?? []).length,
    range: scaleRange(scoring, scale),
    band: band ? { id: band.id, labelKey: bandLabelKey(scale.id, band.id), severity: band.severity } : null,
  };
  return result;
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
  return {
    context: { ...context },
    scales: scoring.scales.map((scale) => scoreScale(scoring, scale, shown)),
    flags: (scoring.flags ?? [])
      .filter((flag) => {
        if (flag.item === undefined || flag.scoreAtLeast === undefined) return false;
        const raw = rawScore(scoring, flag.item, shown[flag.item]);
        return raw !== undefined && raw >= flag.scoreAtLeast;
      })
      .map((flag) => ({ id: flag.id, item: flag.item ?? '', labelKey: flagLabelKey(flag.id) })),
  };
}
