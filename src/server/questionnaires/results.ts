import { changeLabels } from '../../forms/questionnaires/change';
import type { ChangeCriteria, QuestionnaireResults, ScaleSeries } from '../../shared';
import type { ResponseSummary } from './response-store';

/** A scale's change criteria in one scoring version (ADR 127); null when that scoring gives none. */
export type CriteriaOf = (
  questionnaireId: string,
  version: number,
  scoringVersion: number,
  scaleId: string,
) => ChangeCriteria | null;

/** Labels each informant's points of a series against that informant's first and previous scored point. */
function labelChange(series: ScaleSeries) {
  const byInformant = new Map<string | null, ScaleSeries['points']>();
  for (const point of series.points) {
    const points = byInformant.get(point.respondent) ?? [];
    points.push(point);
    byInformant.set(point.respondent, points);
  }
  for (const points of byInformant.values()) {
    const labels = changeLabels(
      series.change,
      points.map((p) => p.score),
    );
    points.forEach((point, i) => {
      point.change = labels[i] ?? null;
    });
  }
}

/**
 * A client's results per questionnaire: each scale's scores over time, from the scores of record. A response a
 * later submitted correction replaced is left out, so a corrected score is counted once.
 */
export function resultsOf(responses: ResponseSummary[], criteriaOf: CriteriaOf): QuestionnaireResults[] {
  const submitted = responses
    .filter((r) => r.status === 'submitted' && r.result && r.submittedAt)
    .sort((a, b) => a.submittedAt!.getTime() - b.submittedAt!.getTime());
  const replaced = new Set(submitted.map((r) => r.replacesId).filter((id): id is string => id !== null));
  const byQuestionnaire = new Map<string, QuestionnaireResults>();
  for (const response of submitted) {
    if (replaced.has(response.id)) continue;
    let entry = byQuestionnaire.get(response.questionnaireId);
    if (!entry) {
      entry = {
        questionnaireId: response.questionnaireId,
        latestVersion: 0,
        latestScoringVersion: 0,
        scales: [],
        responses: [],
      };
      byQuestionnaire.set(response.questionnaireId, entry);
    }
    const submittedAt = response.submittedAt!.toISOString();
    entry.latestVersion = response.questionnaireVersion;
    entry.latestScoringVersion = response.scoringVersion;
    entry.responses.push({
      id: response.id,
      submittedAt,
      questionnaireVersion: response.questionnaireVersion,
      scoringVersion: response.scoringVersion,
      language: response.language,
      replaces: response.replacesId,
      respondent: response.respondent,
      flags: response.result!.flags,
    });
    for (const scale of response.result!.scales) {
      let series = entry.scales.find((s) => s.id === scale.id);
      if (!series) {
        series = {
          id: scale.id,
          labelKey: scale.labelKey,
          method: scale.method,
          range: scale.range,
          change: null,
          points: [],
        };
        entry.scales.push(series);
      }
      // the newest scoring's label, range and change criteria describe the series
      Object.assign(series, {
        labelKey: scale.labelKey,
        method: scale.method,
        range: scale.range,
        change: criteriaOf(
          response.questionnaireId,
          response.questionnaireVersion,
          response.scoringVersion,
          scale.id,
        ),
      });
      series.points.push({
        responseId: response.id,
        respondent: response.respondent,
        submittedAt,
        questionnaireVersion: response.questionnaireVersion,
        scoringVersion: response.scoringVersion,
        score: scale.score,
        band: scale.band,
        change: null,
      });
    }
  }
  for (const entry of byQuestionnaire.values()) entry.scales.forEach(labelChange);
  return [...byQuestionnaire.values()].sort((a, b) => a.questionnaireId.localeCompare(b.questionnaireId));
}
