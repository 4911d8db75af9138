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
  const xs = scores.map((_, i) =>
    round(n === 1 ? (first + last) / 2 : first + ((last - first) * i) / (n - 1)),
  );
  const points = scores.map((score, i) => (score === null ? null : { x: xs[i]!, y: yOf(score) }));
  const segmentsOf = (indices: number[]) => {
    const found: string[] = [];
    let current: string[] = [];
    for (const point of indices.map((i) => points[i] ?? null)) {
      if (point) current.push(`${point.x},${point.y}`);
      else {
        if (current.length > 1) found.push(current.join(' '));
        current = [];
      }
    }
    if (current.length > 1) found.push(current.join(' '));
    return found;
  };
  const lines = (series ?? [scores.map((_, i) => i)]).map(segmentsOf);
  const segments = lines.flat();
  const dots = points
    .filter((p): p is { x: number; y: number } => p !== null)
    .map((p) => ({ left: p.x - DOT, right: p.x + DOT, top: p.y - DOT, bottom: p.y + DOT }));
  const strokes = segments.flatMap((segment) => {
    const at = segment.split(' ').map((pair) => pair.split(',').map(Number) as [number, number]);
    return at.slice(1).map(([x, y], i) => ({ from: at[i]!, to: [x, y] as [number, number] }));
  });
  // a label box the line crosses, tested at a few points along each segment
  const crossed = (box: Box) =>
    strokes.some(({ from, to }) =>
      [0.25, 0.5, 0.75].some((f) => {
        const x = from[0] + (to[0] - from[0]) * f;
        const y = from[1] + (to[1] - from[1]) * f;
        return x > box.left && x < box.right && y > box.top && y < box.bottom;
      }),
    );
  // labels placed so far: a label keeps clear of the others as of the points
  const placed: Box[] = [];
  return {
    plot,
    points,
    segments,
    lines,
    cutoffY:
      cutoff === null || cutoff === undefined || cutoff < range.min || cutoff > range.max
        ? null
        : yOf(cutoff),
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
      const free = (s: (typeof spots)[number]) =>
        ![...dots, ...placed].some((other) => overlaps(boxOf(s), other));
      const spot = spots.find((s) => free(s) && !crossed(boxOf(s))) ?? spots.find(free) ?? spots[0]!;
      placed.push(boxOf(spot));
      return { ...band, y: top, height: round(bottom - top), ...spot };
    }),
    ticks: ticksOf(range.min, range.max).map((value) => ({ value, y: yOf(value) })),
  };
}
