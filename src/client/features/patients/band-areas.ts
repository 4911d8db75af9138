import { bandLabelKey, type QuestionnaireDefinition, type Severity } from '../../../forms/questionnaires';

export interface BandArea {
  min: number;
  max: number;
  severity: Severity;
  labelKey: string;
}

/**
 * The shaded areas of a scale's chart: each band from its minimum up to the next band's minimum (bands meet at
 * step 1 or 0.01, so drawing min..max would leave a thin gap between them), the last up to its maximum.
 */
export function bandAreasOf(def: QuestionnaireDefinition, scaleId: string): BandArea[] {
  const scale = def.scoring.scales.find((s) => s.id === scaleId);
  if (!scale) return [];
  const bands = [...scale.bands].sort((a, b) => a.min - b.min);
  return bands.map((band, i) => ({
    min: band.min,
    max: bands[i + 1]?.min ?? band.max,
    severity: band.severity,
    labelKey: bandLabelKey(scale.id, band.id),
  }));
}
