/** The rows of the one table `npm run bench` prints, and their plain-text and Markdown forms. */
import type { Spread } from './stats';

export type Unit = 'KB' | 'ms' | 'µs' | 'req/s' | 'hash/s' | 'MB' | 's';

export interface Target {
  /** As the issue states it, e.g. "≤ 150 KB" or "≤ 0.5 × plain RJSF". */
  text: string;
  /** True/false once measured; null when the figure was not run. */
  met: boolean | null;
}

export interface Row {
  section: string;
  metric: string;
  unit: Unit;
  /** Our figure; null when not run. */
  ours: Spread | null;
  /** The reference measured in the same run, when the row has one. */
  reference?: { label: string; value: Spread | null };
  target?: Target;
  /** Why a figure is missing, or what the reader must know to read it. */
  note?: string;
  /** Ours ÷ reference measured in pairs of rounds: the median of the pairs' ratios (else, the medians'). */
  ratio?: number;
}

/** Ours / reference: the paired rounds' median ratio when measured so, else the medians' ratio. */
export function ratioOf(row: Row): number | null {
  if (row.ratio !== undefined) return Number.isFinite(row.ratio) ? row.ratio : null;
  const ours = row.ours?.median;
  const ref = row.reference?.value?.median;
  if (
    ours === undefined ||
    ref === undefined ||
    !Number.isFinite(ours) ||
    !Number.isFinite(ref) ||
    ref === 0
  ) {
    return null;
  }
  return ours / ref;
}

function num(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  const digits =
    unit === 'req/s' || unit === 'hash/s'
      ? abs >= 100
        ? 0
        : 1
      : abs >= 100
        ? 0
        : abs >= 10
          ? 1
          : abs >= 1
            ? 2
            : 3;
  return value.toFixed(digits);
}

/** "12.3 [11.9–13.0]": the median with its spread (p25–p75 for samples, min–max for a few runs). */
export function formatSpread(value: Spread | null | undefined, unit: Unit): string {
  if (!value) return 'not run';
  if (value.n <= 1 || value.min === value.max) return `${num(value.median, unit)} ${unit}`;
  const [lo, hi] = value.n >= 8 ? [value.p25, value.p75] : [value.min, value.max];
  return `${num(value.median, unit)} [${num(lo, unit)}–${num(hi, unit)}] ${unit}`;
}

function metText(target: Target | undefined): string {
  if (!target) return '';
  if (target.met === null) return 'not run';
  return target.met ? 'met' : 'MISSED';
}

const HEADER = [
  '#',
  'Figure',
  'Ours: median [spread]',
  'Reference (same run): median [spread]',
  'Ratio',
  'Target',
  'Met',
];

function cells(row: Row): string[] {
  const ratio = ratioOf(row);
  return [
    row.section,
    row.metric,
    formatSpread(row.ours, row.unit),
    row.reference ? `${row.reference.label}: ${formatSpread(row.reference.value, row.unit)}` : '',
    ratio === null ? '' : `${ratio.toFixed(2)}×`,
    row.target?.text ?? '',
    metText(row.target),
  ];
}

/** A Markdown table: readable in a terminal and pasteable into the README. */
export function markdownTable(rows: readonly Row[]): string {
  const body = rows.map(cells);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(HEADER), rule, ...body.map(line)].join('\n');
}

/** The notes under the table: one line per row that has one. */
export function notesOf(rows: readonly Row[]): string[] {
  return rows.filter((r) => r.note).map((r) => `${r.section} ${r.metric}: ${r.note}`);
}
