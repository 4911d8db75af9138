import type { Severity } from '../../../forms/questionnaires';

export interface ChartBand {
  min: number;
  max: number;
  severity: Severity;
  label: string;
}

export interface ChartInput {
  range: { min: number; max: number };
  /** Scores in time order; null = not scored (drawn as a gap, never as 0). */
  scores: Array<number | null>;
  bands: ChartBand[];
  width: number;
  height: number;
  /** The indices into `scores` of each line (one per informant); one line through all scores when left out. */
  series?: number[][];
  /** The clinical cut-off on the raw score, drawn as a line when inside the range. */
  cutoff?: number | null;
  /**
   * Each point's day (a count of days): the x axis is time, so points sit as far apart as their days are and an
   * informant's point of the same day sits at the same place; evenly spaced in order when left out.
   */
  days?: number[];
  /**
   * Measurement-error bands: from the point at `start` (an informant's first score) to the right edge, the scores
   * `from`..`to` (the first score ± the reliable-change threshold), clipped to the range.
   */
  errorBands?: Array<{ start: number; from: number; to: number }>;
}

export interface ChartLayout {
  plot: { left: number; top: number; right: number; bottom: number };
  /** One per score, null where the score is null. */
  points: Array<{ x: number; y: number } | null>;
  /** Polyline segments between consecutive scored points; a not-scored response breaks the line. */
  segments: string[];
  /** The same segments by line (one per series, in the order given). */
  lines: string[][];
  /** The cut-off line's height; null when there is no cut-off or it lies outside the range. */
  cutoffY: number | null;
  /** Where the cut-off's label's baseline sits: above the line, or below it when the line runs along the top. */
  cutoffLabelY: number | null;
  /** The measurement-error bands' boxes, in the order given (a band whose first point was not scored is null). */
  errorBands: Array<{ x: number; y: number; width: number; height: number } | null>;
  /** Each band's label sits where no point is (top or bottom, right or left of the band). */
  bands: Array<
    ChartBand & { y: number; height: number; labelX: number; labelY: number; anchor: 'start' | 'end' }
  >;
  ticks: Array<{ value: number; y: number }>;
  /** Where each response's label sits on the x axis. */
  xs: number[];
}

const PAD = { left: 40, right: 16, top: 12, bottom: 28 };
const INSET = 24;

const round = (n: number) => Math.round(n * 10) / 10;

/** About how wide a 12-unit label is: a little over half its size per letter (Turkish runs wide). */
const labelWidth = (text: string) => text.length * 6.8 + 4;
/** A point's dot and its white ring. */
const DOT = 7;
/** Where along each stroke of the line a band label is kept clear of it. */
const SAMPLED = [0.25, 0.5, 0.75] as const;

/**
 * Which x-axis labels to draw: a day's first response only ("26 Kas" once, not three times), and never two
 * labels closer than `gap` units, so they do not run into each other.
 */
export function axisLabelIndices(labels: string[], xs: number[], gap: number): number[] {
  const shown: number[] = [];
  let previous: string | undefined;
  let lastX = Number.NEGATIVE_INFINITY;
  labels.forEach((label, i) => {
    const x = xs[i]!;
    if (label !== previous && x - lastX >= gap) {
      shown.push(i);
      lastX = x;
    }
    previous = label;
  });
  return shown;
}

type Box = { left: number; right: number; top: number; bottom: number };
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

type Point = { x: number; y: number };

/**
 * What lies in one row of band labels (a label's height at one place), asked of many label spots along it: whether
 * a point's dot reaches into a spot (the dots' left edges in x order, with the furthest right edge so far) and
 * whether the line crosses it (the x of each line sample inside the row, sorted). A long history's points are read
 * once per row, not tested again at every spot, and nothing is made for a point or sample outside the row: years
 * of weekly scores are thousands of them (ADR 160).
 */
function rowOf(top: number, bottom: number, points: readonly (Point | null)[], runs: readonly Point[][]) {
  // the points come in x order and every dot is as wide, so the edges come sorted and the furthest right edge so far
  // is the last one's
  const lefts: number[] = [];
  const rights: number[] = [];
  for (const p of points) {
    if (p && p.y - DOT < bottom && top < p.y + DOT) {
      lefts.push(p.x - DOT);
      rights.push(p.x + DOT);
    }
  }
  const crossings: number[] = [];
  for (const run of runs) {
    for (let i = 1; i < run.length; i++) {
      const from = run[i - 1]!;
      const to = run[i]!;
      for (const f of SAMPLED) {
        const y = from.y + (to.y - from.y) * f;
        if (y > top && y < bottom) crossings.push(from.x + (to.x - from.x) * f);
      }
    }
  }
  crossings.sort((a, b) => a - b);
  return {
    /** A dot with left < right and right > left: the last dot starting before `right` reaches furthest. */
    blocked: (left: number, right: number) => {
      const n = countBelow(lefts, right);
      return n > 0 && (rights[n - 1] ?? Number.NEGATIVE_INFINITY) > left;
    },
    /** A line sample strictly inside (left, right). */
    crossed: (left: number, right: number) => {
      const n = countAtOrBelow(crossings, left);
      return n < crossings.length && (crossings[n] ?? Number.POSITIVE_INFINITY) < right;
    },
  };
}

/** How many of the sorted `values` are < `limit`. */
function countBelow(values: readonly number[], limit: number): number {
  let [low, high] = [0, values.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((values[mid] ?? 0) < limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** How many of the sorted `values` are <= `limit`. */
function countAtOrBelow(values: readonly number[], limit: number): number {
  let [low, high] = [0, values.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((values[mid] ?? 0) <= limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Up to five round tick values over the range, ends included. */
export function ticksOf(min: number, max: number): number[] {
  const span = max - min;
  if (span <= 0) return [min];
  const rough = span / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) ticks.push(Number(v.toFixed(6)));
  if (ticks[0] !== min) ticks.unshift(min);
  if (ticks[ticks.length - 1] !== max) ticks.push(max);
  return ticks;
}

/** Where everything of a score-over-time chart goes, in SVG units: plain numbers, tested on their own. */
export function layoutChart({
  range,
  scores,
  bands,
  width,
  height,
  series,
  cutoff,
  days,
  errorBands = [],
}: ChartInput): ChartLayout {
  const plot = { left: PAD.left, top: PAD.top, right: width - PAD.right, bottom: height - PAD.bottom };
  const span = range.max - range.min || 1;
  const yOf = (value: number) => {
    const clamped = Math.min(range.max, Math.max(range.min, value));
    return round(plot.bottom - ((clamped - range.min) / span) * (plot.bottom - plot.top));
  };
  const n = scores.length;
  // points keep off the axes, so the first and last dot and their dates are drawn whole
  const [first, last] = [plot.left + INSET, plot.right - INSET];
  // on a time axis each point sits at its day: two informants' scores of one day one above the other, a gap of
  // months as wide as it was; all on one day, in the middle
  const [firstDay, lastDay] = [days?.[0] ?? 0, days?.[n - 1] ?? 0];
  const daySpan = lastDay - firstDay;
  const xs = days
    ? days.map((day) =>
        round(daySpan <= 0 ? (first + last) / 2 : first + ((last - first) * (day - firstDay)) / daySpan),
      )
    : scores.map((_, i) => round(n === 1 ? (first + last) / 2 : first + ((last - first) * i) / (n - 1)));
  const points = scores.map((score, i) => (score === null ? null : { x: xs[i]!, y: yOf(score) }));
  // each line's runs of scored points: a not-scored response breaks the line
  const runsOf = (indices: number[]) => {
    const runs: Array<Array<{ x: number; y: number }>> = [];
    let current: Array<{ x: number; y: number }> = [];
    for (const i of indices) {
      const point = points[i];
      if (point) current.push(point);
      else {
        if (current.length > 1) runs.push(current);
        current = [];
      }
    }
    if (current.length > 1) runs.push(current);
    return runs;
  };
  const runs = (series ?? [scores.map((_, i) => i)]).map(runsOf);
  const lines = runs.map((line) => line.map((run) => run.map((p) => `${p.x},${p.y}`).join(' ')));
  const segments = lines.flat();
  // a band label keeps clear of each point's dot, and of the line sampled at a few points along each stroke
  const strokes = runs.flat();
  // labels placed so far: a label keeps clear of the others as of the points
  const placed: Box[] = [];
  const cutoffY =
    cutoff === null || cutoff === undefined || cutoff < range.min || cutoff > range.max ? null : yOf(cutoff);
  return {
    plot,
    points,
    segments,
    lines,
    cutoffY,
    // a label of 11 units sits 5 above the line, clear of its dashes; below it when there is no room above
    cutoffLabelY: cutoffY === null ? null : cutoffY - 16 < plot.top ? cutoffY + 15 : cutoffY - 5,
    errorBands: errorBands.map(({ start, from, to }) => {
      const at = points[start];
      if (!at) return null;
      const [top, bottom] = [yOf(Math.max(from, to)), yOf(Math.min(from, to))];
      return { x: at.x, y: top, width: round(plot.right - at.x), height: round(bottom - top) };
    }),
    xs,
    bands: bands.map((band) => {
      const top = yOf(band.max);
      const bottom = yOf(band.min);
      const width = labelWidth(band.label);
      // right top first (where it always was), then further left, then along the band's bottom: a label hides no
      // point, and crosses the line only when nothing else is free
      const spots: Array<{ labelX: number; labelY: number; anchor: 'end' }> = [];
      for (const labelY of [top + 14, bottom - 4]) {
        for (let x = plot.right - 4; x - width >= plot.left + 2; x -= 16) {
          spots.push({ labelX: x, labelY, anchor: 'end' });
        }
      }
      if (spots.length === 0) spots.push({ labelX: plot.right - 4, labelY: top + 14, anchor: 'end' });
      const boxOf = (s: (typeof spots)[number]) => ({
        left: s.labelX - width,
        right: s.labelX,
        top: s.labelY - 12,
        bottom: s.labelY + 3,
      });
      // only what reaches a label's row can touch a label there: years of points are sorted once per row, not
      // tested at every spot
      const rows = new Map<number, ReturnType<typeof rowOf>>();
      const rowAt = (labelY: number) => {
        let row = rows.get(labelY);
        if (!row) {
          row = rowOf(labelY - 12, labelY + 3, points, strokes);
          rows.set(labelY, row);
        }
        return row;
      };
      const free = (s: (typeof spots)[number]) => {
        const box = boxOf(s);
        return !rowAt(s.labelY).blocked(box.left, box.right) && !placed.some((other) => overlaps(box, other));
      };
      const clear = (s: (typeof spots)[number]) => !rowAt(s.labelY).crossed(s.labelX - width, s.labelX);
      const spot = spots.find((s) => free(s) && clear(s)) ?? spots.find(free) ?? spots[0]!;
      placed.push(boxOf(spot));
      return { ...band, y: top, height: round(bottom - top), ...spot };
    }),
    ticks: ticksOf(range.min, range.max).map((value) => ({ value, y: yOf(value) })),
  };
}
