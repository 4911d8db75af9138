import type { ScorePoint } from './api/types';
import {
  type Informant,
  informantsOf,
  type SideBySideRow,
  seriesIndices,
  sideBySideRows,
} from './informants';

/** An instant's time, and its day and month in the page's time zone as number keys: the day formatDate would name. */
export interface DateKeys {
  time: number;
  day: number;
  month: number;
  /** The day as a count of days, so the chart spaces days as far apart as they are. */
  dayNumber: number;
}

export function dateKeys(instant: string): DateKeys {
  const date = new Date(instant);
  const month = date.getFullYear() * 12 + date.getMonth();
  return {
    time: date.getTime(),
    day: month * 32 + date.getDate(),
    month,
    dayNumber: Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000,
  };
}

/** Over a year, day and month alone would repeat: the x axis then names month and year. */
const LONG_SPAN_MS = 330 * 86_400_000;

type Who = Pick<ScorePoint, 'responseId' | 'respondent' | 'submittedAt'>;

/**
 * Who answered when, along a scale's points: what its chart's lines and x axis and its side-by-side table are made
 * of. It depends only on the points' responses, so scales scored from the same responses share one (ADR 152).
 */
export interface Timeline {
  informants: Informant[];
  /** For each informant, the indices of its points: one chart line each. */
  series: number[][];
  /** Each point's x-axis label (its day, or its month over a long span). */
  labels: string[];
  /** Each point's day (a count of days in the page's zone): where it sits on the chart's time axis. */
  days: number[];
  /** The side-by-side table's rows, their cells the indices of the points; null with one informant. */
  rows: SideBySideRow<number>[] | null;
}

/** Formats an x-axis label of an instant, given whether the span is long (month and year) or not (day and month). */
export type AxisLabel = (time: number, longSpan: boolean) => string;

/**
 * The timeline of one scale's points: each instant read once (ADR 143), each label formatted once per day or month
 * it names, not once per point.
 */
export function timelineOf(points: readonly Who[], axisLabel: AxisLabel): Timeline {
  const informants = informantsOf(points);
  const dates = points.map((point) => dateKeys(point.submittedAt));
  const first = dates[0];
  const last = dates[dates.length - 1];
  const longSpan = first !== undefined && last !== undefined && last.time - first.time > LONG_SPAN_MS;
  const said = new Map<number, string>();
  const labels = dates.map((date) => {
    const key = longSpan ? date.month : date.day;
    let label = said.get(key);
    if (label === undefined) {
      label = axisLabel(date.time, longSpan);
      said.set(key, label);
    }
    return label;
  });
  const rows =
    informants.length > 1
      ? sideBySideRows(
          points,
          dates.map((date) => date.day),
        )
      : null;
  return {
    informants,
    series: seriesIndices(points, informants),
    labels,
    days: dates.map((date) => date.dayNumber),
    rows,
  };
}

/** Whether two scales' points are of the same responses in the same order (so their timelines are the same). */
function sameResponses(a: readonly Who[], b: readonly Who[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]?.responseId !== b[i]?.responseId) return false;
  return true;
}

/**
 * Each scale with its timeline, in the scales' order: worked out once for all the scales scored from the same
 * responses (a questionnaire's scales usually are), not once per scale.
 */
export function timelinesOf<S extends { points: readonly Who[] }>(
  scales: readonly S[],
  axisLabel: AxisLabel,
): Array<{ scale: S; timeline: Timeline }> {
  const made: Array<{ points: readonly Who[]; timeline: Timeline }> = [];
  return scales.map((scale) => {
    let found = made.find((m) => sameResponses(m.points, scale.points));
    if (!found) {
      found = { points: scale.points, timeline: timelineOf(scale.points, axisLabel) };
      made.push(found);
    }
    return { scale, timeline: found.timeline };
  });
}

/** A scale's side-by-side rows with its own points in their cells: only the rows shown are made. */
export function rowsOfPoints<P>(
  rows: readonly SideBySideRow<number>[],
  points: readonly P[],
): SideBySideRow<P>[] {
  return rows.map(({ key, submittedAt, cells }) => {
    const ofPoints = new Map<Informant, P>();
    for (const [who, index] of cells) {
      const point = points[index];
      if (point !== undefined) ofPoints.set(who, point);
    }
    return { key, submittedAt, cells: ofPoints };
  });
}
