/** Bounded load tests with autocannon on loopback, summarised as medians and spreads. */
import autocannon, { type Options, type Result } from 'autocannon';
import { type Spread, withExpectedInterval } from './stats';

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

/** One round of an interleaved comparison: its rate and every 2xx answer's latency, to pool over rounds. */
export interface Round {
  /** Answers per second over the round (all answers, as autocannon counts them). */
  rate: number;
  summary: LoadSummary;
  /** Milliseconds of each 2xx answer. */
  latencies: number[];
  /** The same with a paced load's missing samples (coordinated omission); the same list when not paced. */
  paced: number[];
}

/**
 * One autocannon run kept as a round. A paced load's latencies are corrected for coordinated omission at the
 * pace's own interval (1000 / per-connection rate ms); autocannon 8 itself passes `ceil(1 / rate)`, one
 * millisecond, which counts an answer of 160 ms as 160 samples.
 */
export async function loadRound(options: Options): Promise<Round> {
  const raw: number[] = [];
  let intervalMs = 0;
  const instance = autocannon({ timeout: 10, ...options });
  instance.on('response', (client, status, _bytes, ms) => {
    if (status < 200 || status >= 300) return;
    raw.push(ms);
    if (client.rate) intervalMs = 1000 / client.rate;
  });
  const result = await instance;
  return {
    rate: result.duration > 0 ? result.requests.total / result.duration : 0,
    summary: summarise(result),
    latencies: raw,
    paced: withExpectedInterval(raw, intervalMs),
  };
}
