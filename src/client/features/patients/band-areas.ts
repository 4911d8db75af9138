import {
  bandLabelKey,
  type QuestionnaireDefinition,
  type Respondent,
  type Severity,
} from '../../../forms/questionnaires';

export interface BandArea {
  min: number;
  max: number;
  severity: Severity;
  labelKey: string;
}

/**
 * The shaded areas of a scale's raw-score chart for the responses of these respondents: each band from its minimum
 * up to the next band's minimum (bands meet at step 1 or 0.01, so drawing min..max would leave a thin gap between
 * them), the last up to its maximum. None when a respondent's bands read the T-score or percentile (ADR 122), or
 * when the respondents' bands differ: a raw-score axis must not be shaded with bands it is not read by.
 */
export function bandAreasOf(
  def: Pick<QuestionnaireDefinition, 'scoring'>,
  scaleId: string,
  respondents: readonly (Respondent | null)[] = [null],
): BandArea[] {
  const scale = def.scoring.scales.find((s) => s.id === scaleId);
  if (!scale) return [];
  const sets = [...new Set(respondents)].map((respondent) => {
    const own = respondent ? scale.respondents?.[respondent] : undefined;
    return { bands: own?.bands ?? scale.bands, on: own?.bandsOn ?? scale.bandsOn ?? 'raw' };
  });
  const first = sets[0];
  if (!first || sets.some((set) => set.on !== 'raw' || set.bands !== first.bands)) return [];
  const bands = [...first.bands].sort((a, b) => a.min - b.min);
  return bands.map((band, i) => ({
    min: band.min,
    max: bands[i + 1]?.min ?? band.max,
    severity: band.severity,
    labelKey: bandLabelKey(scale.id, band.id),
  }));
}
