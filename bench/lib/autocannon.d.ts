/** The part of autocannon 8's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p1: number;
    p2_5: number;
    p10: number;
    p25: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec | null;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: RequestSpec[];
    overallRate?: number;
    initialContext?: Record<string, unknown>;
  }
  export interface Result {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export interface Instance extends Promise<Result> {
    stop(): void;
    /** Every answer: the client that sent it (its `rate` when paced), its status, size and time in ms. */
    on(
      event: 'response',
      listener: (client: { rate?: number }, status: number, bytes: number, ms: number) => void,
    ): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
