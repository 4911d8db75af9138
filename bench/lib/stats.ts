/** Order statistics for noisy samples: medians and quartiles, never means. */

export interface Spread {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  n: number;
}

/** Linear-interpolated quantile of already sorted values. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (at - lo);
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    n: sorted.length,
  };
}

/** A single measurement expressed as a spread (one run of a throughput test). */
export function single(value: number): Spread {
  return { median: value, p25: value, p75: value, min: value, max: value, n: 1 };
}

/** The value below which a share `q` of the samples falls, by rank (p99 of 200 samples is the 199th). */
export function rankQuantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/**
 * Latencies of a paced load with the answers it would have sent while one was late (coordinated omission, as
 * HdrHistogram's recordValueWithExpectedInterval): an answer of 130 ms on a stream paced every 50 ms also
 * counts 80 and 30 ms.
 */
export function withExpectedInterval(latencies: readonly number[], intervalMs: number): number[] {
  if (!(intervalMs > 0)) return [...latencies];
  const out: number[] = [];
  for (const value of latencies) {
    out.push(value);
    for (let missing = value - intervalMs; missing >= intervalMs; missing -= intervalMs) out.push(missing);
  }
  return out;
}

/** The ratios of paired measurements (ours ÷ reference, round by round) as a spread. */
export function pairedRatios(ours: readonly number[], reference: readonly number[]): Spread {
  return spread(ours.map((value, i) => value / (reference[i] ?? Number.NaN)));
}
