import { type Practitioner, readRecord } from './practitioner';

export interface LoadFigures {
  /** Saves answered 200: each must be found after any fault. */
  acknowledged: number;
  /** 503 SERVICE_UNAVAILABLE JSON with Retry-After: the expected answer while the database is away. */
  unavailable: number;
  /** Any other 5xx (500, a 503 without our shape, 502, 504): must stay 0. */
  otherServerErrors: number;
  /** 409: a save the client gave up on (no answer) went through after all; the client re-reads. */
  conflicts: number;
  /** No answer: connection refused or reset (the process killed, or closed and not listening). */
  noAnswer: number;
  /** No answer within 20 s: a request left hanging, which must not happen. */
  hung: number;
  otherStatuses: Record<number, number>;
  /** The slowest 503, in milliseconds: answers during an outage come within a bounded time. */
  slowest503Ms: number;
  samples: string[];
}

// the simulated screen's own pacing (a moment between saves, a wait before a retry): not a wait before a check
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Auto-save as the intake screen does it, as fast as the server answers: each practitioner PUTs its record
 * with the version it last saw; a failure waits a moment and tries again, a 409 re-reads the version.
 * Remembers the last acknowledged save of each record, to look for it after the fault.
 */
export class AutoSaveLoad {
  readonly figures: LoadFigures = {
    acknowledged: 0,
    unavailable: 0,
    otherServerErrors: 0,
    conflicts: 0,
    noAnswer: 0,
    hung: 0,
    otherStatuses: {},
    slowest503Ms: 0,
    samples: [],
  };
  /** Per record: the last acknowledged version and the text it saved. */
  readonly acked = new Map<string, { version: number; schoolName: string }>();
  /** When each 200 came (ms since the epoch), to measure recovery. */
  readonly okTimes: number[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  /** Checks of `until`, run after every answer. */
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly base: () => string,
    private readonly practitioners: Practitioner[],
    private readonly pauseMs = 20,
  ) {}

  start() {
    this.running = true;
    this.loops = this.practitioners.map((p) => this.loop(p));
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }

  /**
   * Resolves once `done` holds, checked after every answer the load gets: a test waits on what the clients see
   * (saves acknowledged, 503s), not on the clock. Rejects after `withinMs`, a bound that is not the wait itself.
   */
  until(done: (figures: LoadFigures) => boolean, what: string, withinMs = 30_000): Promise<void> {
    if (done(this.figures)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(
          new Error(`the load did not see ${what} within ${withinMs} ms: ${JSON.stringify(this.figures)}`),
        );
      }, withinMs);
      const check = () => {
        if (!done(this.figures)) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  private answered() {
    for (const check of [...this.waiters]) check();
  }

  /** Seconds from `since` to the first acknowledged save after it. */
  recoverySeconds(since: number): number | undefined {
    const first = this.okTimes.find((t) => t >= since);
    return first === undefined ? undefined : (first - since) / 1000;
  }

  private async loop(p: Practitioner) {
    let n = 0;
    while (this.running) {
      n += 1;
      const schoolName = `save ${n} of ${p.recordId.slice(0, 8)}`;
      const started = Date.now();
      let status: number;
      let body: Record<string, unknown> | undefined;
      let retryAfter: string | null = null;
      try {
        const response = await fetch(`${this.base()}/api/client-intake/${p.recordId}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
          body: JSON.stringify({ status: 'draft', version: p.version, demographics: { schoolName } }),
          signal: AbortSignal.timeout(20_000),
        });
        status = response.status;
        retryAfter = response.headers.get('retry-after');
        body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') this.figures.hung += 1;
        else this.figures.noAnswer += 1;
        this.answered();
        await pause(100);
        continue;
      }
      if (status === 200) {
        p.version = body?.version as number;
        this.acked.set(p.recordId, { version: p.version, schoolName });
        this.figures.acknowledged += 1;
        this.okTimes.push(Date.now());
        this.answered();
      } else if (status === 409) {
        this.figures.conflicts += 1;
        p.version = (body?.version as number | undefined) ?? p.version;
        this.answered();
      } else if (status === 503 && body?.code === 'SERVICE_UNAVAILABLE' && retryAfter) {
        this.figures.unavailable += 1;
        this.figures.slowest503Ms = Math.max(this.figures.slowest503Ms, Date.now() - started);
        this.answered();
        await pause(100);
      } else if (status >= 500) {
        this.figures.otherServerErrors += 1;
        if (this.figures.samples.length < 5) this.figures.samples.push(`${status} ${JSON.stringify(body)}`);
        this.answered();
        await pause(100);
      } else {
        this.figures.otherStatuses[status] = (this.figures.otherStatuses[status] ?? 0) + 1;
        if (this.figures.samples.length < 5) this.figures.samples.push(`${status} ${JSON.stringify(body)}`);
        this.answered();
      }
      await pause(this.pauseMs);
    }
  }

  /** Acknowledged saves missing from the database as the server now reads it (0 is the only good answer). */
  async lostSaves(base: string): Promise<number> {
    let lost = 0;
    for (const p of this.practitioners) {
      const acked = this.acked.get(p.recordId);
      if (!acked) continue;
      const stored = await readRecord(base, p);
      if (stored.version < acked.version) lost += acked.version - stored.version;
      else if (stored.version === acked.version && stored.demographics?.schoolName !== acked.schoolName)
        lost += 1;
    }
    return lost;
  }
}

/** One line of figures for the run's output. */
export function report(title: string, figures: LoadFigures, extra: Record<string, unknown> = {}) {
  const parts = {
    acknowledged: figures.acknowledged,
    ...extra,
    '503 (expected)': figures.unavailable,
    'other 5xx': figures.otherServerErrors,
    'conflicts (409)': figures.conflicts,
    'no answer': figures.noAnswer,
    hung: figures.hung,
    'slowest 503 ms': figures.slowest503Ms,
    ...(Object.keys(figures.otherStatuses).length ? { other: JSON.stringify(figures.otherStatuses) } : {}),
  };
  console.log(
    `[faults] ${title}: ${Object.entries(parts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
}
