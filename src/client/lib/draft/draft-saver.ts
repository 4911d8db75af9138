/**
 * The one draft model of every form that is filled (ADR 110), without React: a debounce, one save at a time,
 * retries with growing pauses, an offline mode that waits for the connection and sends by itself when it is
 * back, and a submit that waits for (and replaces) the pending save. Unit-tested with fake timers.
 */

export interface DraftSaveStatus {
  /** A save (or the queued submit) started by the saver is running. */
  saving: boolean;
  /** The last attempt failed; it is tried again (on a clock, or when the connection is back). */
  failed: boolean;
  /** The device is offline: what is unsaved waits for the connection. */
  offline: boolean;
  /** A submit is queued or running: it goes before (and instead of) any further save. */
  submitting: boolean;
}

/** Whether the device is online, and word of its coming back (the browser's `online` event). */
export interface Connection {
  isOnline(): boolean;
  onOnline(listener: () => void): () => void;
}

/** The browser's connection; always online where there is no browser (server-side tests). */
const browserConnection: Connection = {
  isOnline: () => globalThis.navigator?.onLine ?? true,
  onOnline: (listener) => {
    globalThis.addEventListener?.('online', listener);
    return () => globalThis.removeEventListener?.('online', listener);
  },
};

export interface DraftSaverOptions {
  /** Milliseconds after the last change (the intake's spec: 2000). */
  delay: number;
  /** Waits before retrying a failed save: the n-th failure waits the n-th entry (the last one repeats). */
  retryDelays: readonly number[];
  /** Called when a countdown ends, before `shouldSave`: e.g. hands text still in a field to the data. */
  beforeCheck?: () => void;
  /** Whether saving now makes sense: something changed, and whatever else the screen requires (an id...). */
  shouldSave: () => boolean;
  /** A save the saver did not start (a button) is running. */
  isBusy?: () => boolean;
  /**
   * The save itself; rejects only when it failed for a reason worth retrying (no connection, the server away).
   * A stale version (409) resolves: the screen keeps the text and asks the user (the saver then stops counting).
   */
  save: () => Promise<void>;
  onStatus?: (status: DraftSaveStatus) => void;
  connection?: Connection;
}

/**
 * Saves `delay` ms after the last change, only when `shouldSave()` says so, never while another save runs
 * (it waits and tries again), and retries a failed save with growing pauses until it succeeds; offline, it waits
 * for the connection instead and tries at once when it is back. A queued submit goes first and is retried the
 * same way.
 */
export class DraftSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the running timer fires, and when the countdown really ends (a later change moves only this). */
  private timerAt = 0;
  private deadline = 0;
  private running: Promise<void> | null = null;
  private failures = 0;
  private stopped = false;
  private submission: { send: () => Promise<void>; done: () => void } | undefined;
  private readonly connection: Connection;
  private readonly stopListening: () => void;

  constructor(private readonly options: DraftSaverOptions) {
    this.connection = options.connection ?? browserConnection;
    this.stopListening = this.connection.onOnline(() => this.online());
  }

  /** The form changed `elapsed` ms ago (0: now): (re)start the countdown, `delay` from that change. */
  changed(elapsed = 0): void {
    if (this.submission) return;
    this.schedule(Math.max(0, this.options.delay - Math.max(0, elapsed)));
  }

  /** Another save ended: if changes are still unsaved, count down again. */
  settled(): void {
    if (!this.running && this.timer === undefined && this.options.shouldSave())
      this.schedule(this.options.delay);
  }

  /** The connection is back: what waits is sent now, without a tap. */
  online(): void {
    if (this.stopped || this.running) return;
    if (this.submission || this.failures > 0 || this.options.shouldSave()) {
      this.cancel();
      this.arm(Date.now());
    }
  }

  /** Saves now what is unsaved (a button, leaving the page), after the save already running. */
  async flush(): Promise<void> {
    this.cancel();
    await this.running;
    if (!this.stopped) await this.fire();
  }

  /**
   * Queues the submit: no save starts any more; a running one is waited for, so nothing reaches the server after
   * the submit. `send` rejects when worth retrying (offline...): it is then sent again like a save, by itself.
   * Resolves once it went through.
   */
  submit(send: () => Promise<void>): Promise<void> {
    this.cancel();
    return new Promise<void>((done) => {
      this.submission = { send, done };
      this.report();
      void (async () => {
        await this.running;
        if (this.submission?.send === send && !this.running) await this.fire();
      })();
    });
  }

  /** Stops the countdown (e.g. a conflict waits for the user). */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.stopped = true;
    this.cancel();
    this.stopListening();
  }

  get disposed(): boolean {
    return this.stopped;
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** Settles when no save started by the saver is running. */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    const at = Date.now() + ms;
    // a change on every key: keep the timer, it re-arms for the rest when it fires
    if (this.timer !== undefined && this.timerAt <= at) {
      this.deadline = at;
      return;
    }
    this.cancel();
    this.arm(at);
  }

  private arm(at: number): void {
    this.deadline = at;
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        if (this.deadline > Date.now()) this.arm(this.deadline);
        else void this.fire();
      },
      Math.max(0, at - Date.now()),
    );
  }

  private report(): void {
    this.options.onStatus?.({
      saving: this.running !== null,
      failed: this.failures > 0,
      offline: !this.connection.isOnline(),
      submitting: this.submission !== undefined,
    });
  }

  private async fire(): Promise<void> {
    if (this.stopped || this.running) return;
    const submission = this.submission;
    if (!submission) {
      this.options.beforeCheck?.();
      if (!this.options.shouldSave()) {
        if (this.failures > 0) {
          this.failures = 0;
          this.report();
        }
        return;
      }
      if (this.options.isBusy?.()) {
        this.schedule(this.options.delay);
        return;
      }
    }
    const attempt = submission ? submission.send() : this.options.save();
    this.running = attempt.then(
      () => undefined,
      () => undefined,
    );
    this.report();
    try {
      await attempt;
      this.failures = 0;
      this.running = null;
      if (submission && this.submission === submission) {
        this.submission = undefined;
        this.report();
        submission.done();
        return;
      }
      this.report();
      // typed while it was saving, or a submit queued meanwhile
      if (this.submission) void this.fire();
      else if (this.options.shouldSave()) this.schedule(this.options.delay);
    } catch {
      this.running = null;
      this.failures += 1;
      this.report();
      if (this.submission && this.submission !== submission) {
        void this.fire();
        return;
      }
      // offline: the `online` event brings it back, no clock needed
      if (!this.connection.isOnline()) return;
      const { retryDelays } = this.options;
      this.schedule(retryDelays[Math.min(this.failures, retryDelays.length) - 1] ?? this.options.delay);
    }
  }
}
