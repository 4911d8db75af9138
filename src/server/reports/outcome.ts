import { inClinicalRange, reliableChange } from '../../forms/questionnaires/change';
import type { ChangeCriteria, ChangeOutcome, ChangeReport } from '../../shared';

/** One client's first and last scored point of the scale by the informant in the period. */
export interface ScoreSpan {
  first: number;
  /** null with one scored response only. */
  last: number | null;
}

/**
 * Where a client stands (ADR 129): one score only, else the reliable change from the first to the last score;
 * recovered when reliably improved and the first score was in the clinical range and the last is not (Jacobson &
 * Truax). Null outcome without a threshold; null `recovered` without a cut-off or a second score.
 */
export function outcomeOf(
  criteria: ChangeCriteria | null,
  span: ScoreSpan,
): { outcome: ChangeOutcome | null; recovered: boolean | null } {
  if (criteria === null || criteria.threshold === null) return { outcome: null, recovered: null };
  if (span.last === null) return { outcome: 'singleScore', recovered: null };
  const outcome = reliableChange(criteria, span.first, span.last) ?? 'noChange';
  const wasClinical = inClinicalRange(criteria, span.first);
  if (wasClinical === null) return { outcome, recovered: null };
  const recovered = outcome === 'improved' && wasClinical && inClinicalRange(criteria, span.last) === false;
  return { outcome, recovered };
}

/** The numbers at the top of the report; null when the scale gives no threshold. */
export function countOutcomes(
  criteria: ChangeCriteria | null,
  outcomes: ReadonlyArray<{ outcome: ChangeOutcome | null; recovered: boolean | null }>,
): ChangeReport['counts'] {
  if (criteria === null || criteria.threshold === null) return null;
  const counts = { improved: 0, noChange: 0, deteriorated: 0, singleScore: 0 };
  let recovered = 0;
  for (const item of outcomes) {
    if (item.outcome) counts[item.outcome]++;
    if (item.recovered) recovered++;
  }
  return { ...counts, recovered: criteria.cutoff === null ? null : recovered };
}
