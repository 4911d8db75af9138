import { useId } from 'react';
import type { Severity } from '../../../forms/questionnaires';
import { axisLabelIndices, type ChartBand, layoutChart } from './chart-geometry';
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
}

// a phone draws on a narrower canvas, so its words stay about 12 px on screen instead of shrinking to half
const WIDE = 640;
const NARROW = 360;
const HEIGHT = 240;
const PRINT_HEIGHT = 110;

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
}: ScoreChartProps) {
  const id = useId();
  const narrow = useNarrowScreen();
  const width = narrow && !print ? NARROW : WIDE;
  const height = print ? PRINT_HEIGHT : HEIGHT;
  const layout = layoutChart({ range, scores, bands, width, height });
  // a date is about 60 units wide: one per day, with room between them
  const shown = new Set(axisLabelIndices(labels, layout.xs, 72));
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
      {layout.xs.map((x, i) =>
        shown.has(i) ? (
          <text key={`x-${x}`} x={x} y={height - 8} textAnchor="middle" fontSize="12" fill="#334155">
            {labels[i]}
          </text>
        ) : null,
      )}
      {layout.segments.map((points) => (
        <polyline key={points} points={points} fill="none" stroke="#1e3a8a" strokeWidth="2.5" />
      ))}
      {layout.points.map((point, i) =>
        point ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: one point per response, in a fixed order
          <circle key={i} cx={point.x} cy={point.y} r="5" fill="#1e3a8a" stroke="#fff" strokeWidth="1.5" />
        ) : null,
      )}
    </svg>
  );
}
