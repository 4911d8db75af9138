/** Bounded load tests with autocannon on loopback, summarised as medians and spreads. */
import autocannon, { type Options, type Result } from 'autocannon';
import type { Spread } from './stats';

export interface LoadSummary {
  /** Requests per second: the median of the per-second counts, with their p25–p75. */
  rps: Spread;
  /** Latency in ms: p50 as median, p25–p75 as the spread; p99 beside it. */
  latency: Spread;
  p99: number;
  total: number;
  /** Responses that were not 2xx, and connection errors or timeouts. */
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

function toSpread(h: Result['latency']): Spread {
  return { median: h.p50, p25: h.p25, p75: h.p75, min: h.min, max: h.max, n: 100 };
}

export function summarise(result: Result): LoadSummary {
  return {
    rps: toSpread(result.requests),
    latency: toSpread(result.latency),
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, (v as { count: number }).count]),
    ),
  };
}

/** One autocannon run; `timeout` bounds every request, `duration` the run. */
export async function load(options: Options): Promise<LoadSummary> {
  const result = await autocannon({ timeout: 10, ...options });
  return summarise(result);
}

/** One line for results.json: counts, failures and status codes of a run. */
export function outcomeText(summary: LoadSummary): string {
  return `${summary.total} requests, ${summary.non2xx} non-2xx, ${summary.errors} errors; codes ${JSON.stringify(summary.statusCodes)}`;
}
