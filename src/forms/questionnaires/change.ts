import type { ChangeCriteria, PointChange, ReliableChange } from '../../shared/questionnaires.ts';
import type { ChangeParameters, ScaleDefinition } from './types.ts';

/**
 * Reliable and clinically significant change (Jacobson & Truax, 1991) on a scale's raw score (ADR 127).
 *
 * - The reliable change threshold is 1.96 · SE_diff, with SE_diff = SD · √2 · √(1 − r): a difference at least that
 *   large is larger than measurement error (p < .05). A manual's own `threshold` is taken as given.
 * - The clinical cut-off is the file's `cutoff`; else criterion c when both populations' means and SDs are given
 *   (between the two means, weighted by their SDs), b with the normative ones only (two normative SDs beyond the
 *   normative mean on the worse side), a with the clinical ones only (two clinical SDs beyond the clinical mean on
 *   the better side).
 * - A score is in the clinical range at or beyond the cut-off on the worse side.
 */

/** 1.96: the two-sided 95% point of the normal distribution. */
const Z95 = 1.96;

/** A scale's change criteria from its scoring file; null when the file gives no change parameters. */
export function changeCriteriaOf(scale: Pick<ScaleDefinition, 'change' | 'higherIs'>): ChangeCriteria | null {
  const params = scale.change;
  if (!params) return null;
  const higherIs = scale.higherIs ?? 'worse';
  let threshold: number | null = null;
  if (params.threshold !== undefined) threshold = params.threshold;
  else if (params.sd !== undefined && params.reliability !== undefined)
    threshold = Z95 * params.sd * Math.SQRT2 * Math.sqrt(1 - params.reliability);
  const cutoff = cutoffOf(params, higherIs);
  if (threshold === null && cutoff === null) return null;
  return { threshold, cutoff, higherIs };
}

/** The clinical cut-off: the file's own, else Jacobson & Truax's criterion c, b or a from the means and SDs given. */
function cutoffOf(params: ChangeParameters, higherIs: ChangeCriteria['higherIs']): number | null {
  if (params.cutoff !== undefined) return params.cutoff;
  const toWorse = higherIs === 'worse' ? 1 : -1;
  const { normativeMean, normativeSd, clinicalMean, clinicalSd } = params;
  if (normativeMean !== undefined && normativeSd !== undefined) {
    // c: the point as far from either mean in that population's SDs; b: two normative SDs toward worse
    if (clinicalMean !== undefined && clinicalSd !== undefined)
      return (normativeSd * clinicalMean + clinicalSd * normativeMean) / (normativeSd + clinicalSd);
    return normativeMean + 2 * toWorse * normativeSd;
  }
  // a: two clinical SDs toward better, out of the clinical population's range
  if (clinicalMean !== undefined && clinicalSd !== undefined) return clinicalMean - 2 * toWorse * clinicalSd;
  return null;
}

/** Whether `to` is reliably better, worse, or not reliably different from `from`; null without a threshold. */
export function reliableChange(criteria: ChangeCriteria, from: number, to: number): ReliableChange | null {
  if (criteria.threshold === null) return null;
  const difference = to - from;
  // a hair of tolerance, so a difference equal to the threshold on paper is not lost to floating point
  if (Math.abs(difference) + 1e-9 < criteria.threshold) return 'noChange';
  const better = criteria.higherIs === 'worse' ? difference < 0 : difference > 0;
  return better ? 'improved' : 'deteriorated';
}

/** Whether a score is in the clinical range (at or beyond the cut-off on the worse side); null without a cut-off. */
export function inClinicalRange(criteria: ChangeCriteria, score: number): boolean | null {
  if (criteria.cutoff === null) return null;
  return criteria.higherIs === 'worse' ? score >= criteria.cutoff : score <= criteria.cutoff;
}

/**
 * A point's change labels as an export writes them: its own, or on an informant's first score (which has none) the
 * range it is in, so "clinical or typical range" is said of every scored point of a scale with a cut-off.
 */
export function labelsWithRange(
  criteria: ChangeCriteria | null,
  score: number | null,
  change: PointChange | null,
): PointChange | null {
  if (change !== null || criteria === null || score === null) return change;
  const clinical = inClinicalRange(criteria, score);
  return clinical === null ? null : { sinceFirst: null, sincePrevious: null, clinical, crossed: null };
}

/**
 * The reliable change index (Jacobson & Truax): the difference from `from` to `to` over the standard error of the
 * difference, which is the threshold / 1.96, so |RCI| ≥ 1.96 exactly where the change is reliable. Negative when
 * the score went down; null without a threshold.
 */
export function reliableChangeIndex(criteria: ChangeCriteria, from: number, to: number): number | null {
  if (criteria.threshold === null || criteria.threshold <= 0) return null;
  return (Z95 * (to - from)) / criteria.threshold;
}

/**
 * The change labels of one informant's scores of one scale, in time order: the first scored point and unscored
 * points get null; each later one is compared with the first scored and the previous scored point, and says whether
 * it crossed the cut-off since the first.
 */
export function changeLabels(
  criteria: ChangeCriteria | null,
  scores: ReadonlyArray<number | null>,
): Array<PointChange | null> {
  let first: number | null = null;
  let previous: number | null = null;
  return scores.map((score) => {
    if (score === null) return null;
    if (criteria === null || first === null || previous === null) {
      first ??= score;
      previous = score;
      return null;
    }
    const firstClinical = inClinicalRange(criteria, first);
    const nowClinical = inClinicalRange(criteria, score);
    let crossed: PointChange['crossed'] = null;
    if (firstClinical === true && nowClinical === false) crossed = 'intoTypical';
    if (firstClinical === false && nowClinical === true) crossed = 'intoClinical';
    const label: PointChange = {
      sinceFirst: reliableChange(criteria, first, score),
      sincePrevious: reliableChange(criteria, previous, score),
      clinical: nowClinical,
      crossed,
    };
    previous = score;
    return label;
  });
}

/**
 * The change criteria of a scale, from the newest scoring version of the form version a response was filled with:
 * change parameters describe the instrument, not how a response is scored, so parameters published in a later
 * scoring version read every response of that form version (ADR 127). Null when the form version is gone or its
 * newest scoring gives no change parameters for that scale.
 */
export function catalogCriteria(catalog: {
  has(id: string, version?: number): boolean;
  get(id: string, version?: number): { scoring: { scales: ScaleDefinition[] } };
}) {
  return (questionnaireId: string, version: number, _scoringVersion: number, scaleId: string) => {
    if (!catalog.has(questionnaireId, version)) return null;
    const scale = catalog.get(questionnaireId, version).scoring.scales.find((s) => s.id === scaleId);
    return scale ? changeCriteriaOf(scale) : null;
  };
}
