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
}

export interface ChartLayout {
  plot: { left: number; top: number; right: number; bottom: number };
  /** One per score, null where the score is null. */
  points: Array<{ x: number; y: number } | null>;
  /** Polyline segments between consecutive scored points; a not-scored response breaks the line. */
  segments: string[];
  bands: Array<ChartBand & { y: number; height: number }>;
  ticks: Array<{ value: number; y: number }>;
  /** Where each response's label sits on the x axis. */
  xs: number[];
}

const PAD = { left: 40, right: 16, top: 12, bottom: 28 };
const INSET = 24;

const round = (n: number) => Math.round(n * 10) / 10;

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
export function layoutChart({ range, scores, bands, width, height }: ChartInput): ChartLayout {
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
  const segments: string[] = [];
  let current: string[] = [];
  for (const point of points) {
    if (point) current.push(`${point.x},${point.y}`);
    else {
      if (current.length > 1) segments.push(current.join(' '));
      current = [];
    }
  }
  if (current.length > 1) segments.push(current.join(' '));
  return {
    plot,
    points,
    segments,
    xs,
    bands: bands.map((band) => {
      const top = yOf(band.max);
      return { ...band, y: top, height: round(yOf(band.min) - top) };
    }),
    ticks: ticksOf(range.min, range.max).map((value) => ({ value, y: yOf(value) })),
  };
}
