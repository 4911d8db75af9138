import { useId } from 'react';
import type { Severity } from '../../../forms/questionnaires';
import { axisLabelIndices, type ChartBand, layoutChart } from './chart-geometry';
import { hollow, type MarkKind, markPaths } from './chart-markers';
import { type Informant, styleOf } from './informants';
import { useNarrowScreen } from './use-narrow-screen';

/** Band shades light enough for the line and labels to keep AA contrast on them, on screen and on paper. */
const BAND_FILL: Record<Severity, string> = {
  none: '#ecfdf5',
  mild: '#fefce8',
  moderate: '#fff7ed',
  severe: '#fef2f2',
};

export interface ScoreChartProps {
  title: string;
  /** What a screen reader hears instead of the picture (the table below says the rest). */
  description: string;
  range: { min: number; max: number };
  scores: Array<number | null>;
  /** Short labels under the x axis (dates). */
  labels: string[];
  bands: ChartBand[];
  /** Tick labels as the page's language writes numbers. */
  formatValue: (value: number) => string;
  /** The paper copy: full width and flatter, so a typical client's scales fit one page (ADR 114). */
  print?: boolean;
  /** One line per informant: who, and the indices of its scores (ADR 132); one line through all when left out. */
  series?: Array<{ informant: Informant; indices: number[] }>;
  /** Each score's mark (its change since the first); plain dots when left out. */
  marks?: MarkKind[];
  /** Which way is worse on this scale: the marks' triangles point the better or the worse way. */
  higherIs?: 'worse' | 'better';
  /** The clinical cut-off and its label, drawn as a dashed line. */
  cutoff?: { value: number; label: string } | null;
  /** Each score's day (a count of days): the x axis is time; evenly spaced in order when left out. */
  days?: number[];
  /**
   * Per informant, the measurement-error band around its first score (the point at `start`): `from`..`to` is that
   * score ± the reliable-change threshold, so a later point outside it changed reliably.
   */
  errorBands?: Array<{ informant: Informant; start: number; from: number; to: number }>;
}

// a phone draws on a narrower canvas, so its words stay about 12 px on screen instead of shrinking to half
const WIDE = 640;
const NARROW = 360;
const HEIGHT = 240;
// about 32 mm (122 px) across A4 less its margins: flatter than on screen, still readable at arm's length
const PRINT_HEIGHT = 114;

/**
 * A scale's scores over time: band areas shaded, the line broken where a response was not scored. The SVG
 * scales to its box (viewBox), so it reads at 375 px and on paper; the table next to it is its alternative.
 */
export function ScoreChart({
  title,
  description,
  range,
  scores,
  labels,
  bands,
  formatValue,
  print = false,
  series,
  marks,
  higherIs = 'worse',
  cutoff = null,
  days,
  errorBands = [],
}: ScoreChartProps) {
  const id = useId();
  const narrow = useNarrowScreen();
  const width = narrow && !print ? NARROW : WIDE;
  const height = print ? PRINT_HEIGHT : HEIGHT;
  const lines = series ?? [{ informant: null, indices: scores.map((_, i) => i) }];
  const layout = layoutChart({
    range,
    scores,
    bands,
    width,
    height,
    series: lines.map((line) => line.indices),
    cutoff: cutoff?.value,
    days,
    errorBands,
  });
  // a date is about 60 units wide: one per day, with room between them
  const shown = axisLabelIndices(labels, layout.xs, 72);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full max-w-full"
      data-score-chart={print ? undefined : true}
      data-print-chart={print || undefined}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {layout.bands.map((band) => (
        <g key={`${band.min}-${band.max}`} data-band={band.severity}>
          <rect
            x={layout.plot.left}
            y={band.y}
            width={layout.plot.right - layout.plot.left}
            height={Math.max(0, band.height)}
            fill={BAND_FILL[band.severity]}
            stroke="#cbd5e1"
            strokeWidth="0.5"
          />
          <text x={band.labelX} y={band.labelY} textAnchor={band.anchor} fontSize="12" fill="#334155">
            {band.label}
          </text>
        </g>
      ))}
      {layout.errorBands.map((box, i) => {
        const informant = errorBands[i]?.informant ?? null;
        const { colour } = styleOf(informant);
        return (
          box && (
            <rect
              key={informant ?? 'none'}
              data-error-band={informant ?? 'none'}
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              fill={colour}
              fillOpacity="0.1"
              stroke={colour}
              strokeOpacity="0.6"
              strokeWidth="1"
              strokeDasharray="1 3"
            />
          )
        );
      })}
      {layout.ticks.map((tick) => (
        <g key={tick.value}>
          <line x1={layout.plot.left - 4} x2={layout.plot.left} y1={tick.y} y2={tick.y} stroke="#475569" />
          <text x={layout.plot.left - 6} y={tick.y + 4} textAnchor="end" fontSize="12" fill="#334155">
            {formatValue(tick.value)}
          </text>
        </g>
      ))}
      <line
        x1={layout.plot.left}
        x2={layout.plot.left}
        y1={layout.plot.top}
        y2={layout.plot.bottom}
        stroke="#475569"
      />
      <line
        x1={layout.plot.left}
        x2={layout.plot.right}
        y1={layout.plot.bottom}
        y2={layout.plot.bottom}
        stroke="#475569"
      />
      {shown.map((i) => (
        <text
          key={`x-${layout.xs[i]}`}
          x={layout.xs[i]}
          y={height - 8}
          textAnchor="middle"
          fontSize="12"
          fill="#334155"
        >
          {labels[i]}
        </text>
      ))}
      {layout.cutoffY !== null && cutoff && (
        <g data-cutoff>
          <line
            x1={layout.plot.left}
            x2={layout.plot.right}
            y1={layout.cutoffY}
            y2={layout.cutoffY}
            stroke="#b91c1c"
            strokeWidth="1.5"
            strokeDasharray="3 3"
          />
          {/* a white halo keeps the words legible where a band's edge or a line runs behind them */}
          <text
            x={layout.plot.left + 4}
            y={layout.cutoffLabelY ?? layout.cutoffY - 5}
            fontSize="11"
            fill="#991b1b"
            stroke="#fff"
            strokeWidth="3"
            paintOrder="stroke"
            data-cutoff-label
          >
            {cutoff.label}
          </text>
        </g>
      )}
      {layout.lines.map((segments, s) => {
        const style = styleOf(lines[s]?.informant ?? null);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: one line per informant, in a fixed order
          <g key={s} data-series={lines[s]?.informant ?? 'none'}>
            {segments.map((points) => (
              <polyline
                key={points}
                points={points}
                fill="none"
                stroke={style.colour}
                strokeWidth="2.5"
                strokeDasharray={style.dash}
              />
            ))}
          </g>
        );
      })}
      {marksByLook(layout.points, marks, lines, higherIs).map(({ key, kind, colour, d }) => (
        <path
          key={key}
          d={d}
          fill={hollow(kind) ? '#fff' : colour}
          stroke={hollow(kind) ? colour : '#fff'}
          strokeWidth={hollow(kind) ? 2 : 1.5}
          data-mark={kind}
        />
      ))}
    </svg>
  );
}

/**
 * The points' marks as one path per informant and kind: years of weekly scores are hundreds of marks, and a few
 * elements draw as fast as one while hundreds slow the page (ADR 132). Each informant's points in turn, so a
 * point's informant is known without looking it up (ADR 143).
 */
function marksByLook(
  points: ReadonlyArray<{ x: number; y: number } | null>,
  marks: readonly MarkKind[] | undefined,
  lines: ReadonlyArray<{ informant: Informant; indices: readonly number[] }>,
  higherIs: 'worse' | 'better',
) {
  const found: Array<{ key: string; kind: MarkKind; colour: string; d: string; first: number }> = [];
  for (const { informant, indices } of lines) {
    const paths = new Map<MarkKind, { first: number; d: string[]; at: (x: number, y: number) => string }>();
    for (const i of indices) {
      const point = points[i];
      if (!point) continue;
      const kind = marks?.[i] ?? 'plain';
      let group = paths.get(kind);
      if (!group) {
        group = { first: i, d: [], at: markPaths(kind, higherIs) };
        paths.set(kind, group);
      }
      group.d.push(group.at(point.x, point.y));
    }
    const colour = styleOf(informant).colour;
    for (const [kind, { first, d }] of paths)
      found.push({ key: `${informant ?? 'none'}-${kind}`, kind, colour, d: d.join(''), first });
  }
  // drawn in the order each look first appears in time, as one pass over the points would
  return found.sort((a, b) => a.first - b.first);
}
