import type { QuestionnaireRespondent, ScorePoint } from '../../../shared';

/** Who answered a point; null on responses from before informants were recorded (ADR 125). */
export type Informant = QuestionnaireRespondent | null;

/**
 * How each informant's series is drawn: a colour AND a line pattern, so the lines differ without colour too
 * (WCAG 1.4.1). Colours keep 4.5:1 on white and on the band shades.
 */
export const INFORMANT_STYLE: Record<QuestionnaireRespondent | 'none', { colour: string; dash?: string }> = {
  none: { colour: '#1e3a8a' },
  guardian: { colour: '#1e3a8a' },
  teacher: { colour: '#9a3412', dash: '8 5' },
  self: { colour: '#166534', dash: '2 4' },
  practitioner: { colour: '#6b21a8', dash: '10 4 2 4' },
};
export const styleOf = (informant: Informant) => INFORMANT_STYLE[informant ?? 'none'];

/** The informants of a scale's points, in the order they first answered. */
export function informantsOf(points: readonly Pick<ScorePoint, 'respondent'>[]): Informant[] {
  return [...new Set(points.map((p) => p.respondent ?? null))];
}

/** For each informant, the indices of its points in the scale's (time-ordered) points: one chart series each. */
export function seriesIndices(points: readonly Pick<ScorePoint, 'respondent'>[], informants: Informant[]) {
  return informants.map((informant) =>
    points.flatMap((p, i) => ((p.respondent ?? null) === informant ? [i] : [])),
  );
}

/** One row of the side-by-side table: a day, and each informant's response of that day (its point, or its index). */
export interface SideBySideRow<P> {
  key: string;
  submittedAt: string;
  cells: Map<Informant, P>;
}

/**
 * The side-by-side table's rows, each cell the index of its point: responses of different informants on the same day
 * share a row; a second response of one informant on a day starts a row of its own. `days` says which day each point
 * falls on (the page's zone). Indices, so scales scored from the same responses share the rows (ADR 152).
 */
export function sideBySideRows(
  points: readonly Pick<ScorePoint, 'respondent' | 'submittedAt' | 'responseId'>[],
  days: readonly (string | number)[],
): SideBySideRow<number>[] {
  const rows: SideBySideRow<number>[] = [];
  const byDay = new Map<string | number | undefined, SideBySideRow<number>[]>();
  points.forEach((point, index) => {
    const informant = point.respondent ?? null;
    const day = days[index];
    const sameDay = byDay.get(day) ?? [];
    let row = sameDay.find((r) => !r.cells.has(informant));
    if (!row) {
      row = { key: point.responseId, submittedAt: point.submittedAt, cells: new Map() };
      sameDay.push(row);
      byDay.set(day, sameDay);
      rows.push(row);
    }
    row.cells.set(informant, index);
  });
  return rows;
}

/** The latest point of each informant, in the informants' order. */
export function latestOfEach<P extends Pick<ScorePoint, 'respondent'>>(
  points: readonly P[],
  informants: Informant[],
) {
  return informants.map((informant) => ({
    informant,
    point: points.findLast((p) => (p.respondent ?? null) === informant),
  }));
}
