/** Auto-save without React: a debounce, one save at a time, and retries after failures (unit-tested). */

export interface AutoSaveStatus {
  /** A save started by the auto-saver is running. */
  saving: boolean;
  /** The last automatic save failed; a retry is scheduled. */
  failed: boolean;
}

export interface AutoSaverOptions {
  /** Milliseconds after the last change (spec: 2000). */
  delay: number;
  /** Waits before retrying a failed save: the n-th failure waits the n-th entry (the last one repeats). */
  retryDelays: readonly number[];
  /** Called when a countdown ends, before `shouldSave`: e.g. hands text still in a field to the data. */
  beforeCheck?: () => void;
  /** Whether saving now makes sense: something changed, and whatever else the screen requires (an id...). */
  shouldSave: () => boolean;
  /** A save the auto-saver did not start (a button) is running. */
  isBusy: () => boolean;
  /** The save itself; rejects when it failed and should be retried. */
  save: () => Promise<void>;
  onStatus?: (status: AutoSaveStatus) => void;
}

/**
 * Saves `delay` ms after the last change, only when `shouldSave()` says so, never while another save runs
 * (it waits and tries again), and retries a failed save with growing pauses until it succeeds.
 */
export class AutoSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the running timer fires, and when the countdown really ends (a later change moves only this). */
  private timerAt = 0;
  private deadline = 0;
  private running = false;
  private failures = 0;
  private stopped = false;

  constructor(private readonly options: AutoSaverOptions) {}

  /** The form changed `elapsed` ms ago (0: now): (re)start the countdown, `delay` from that change. */
  changed(elapsed = 0): void {
    this.schedule(Math.max(0, this.options.delay - Math.max(0, elapsed)));
  }

  /** Another save ended: if changes are still unsaved, count down again. */
  settled(): void {
    if (!this.running && this.timer === undefined && this.options.shouldSave())
      this.schedule(this.options.delay);
  }

  /** Stops the countdown (e.g. a conflict waits for the user). */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.stopped = true;
    this.cancel();
  }

  get disposed(): boolean {
    return this.stopped;
  }

  get busy(): boolean {
    return this.running;
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
    this.options.onStatus?.({ saving: this.running, failed: this.failures > 0 });
  }

  private async fire(): Promise<void> {
    if (this.stopped) return;
    this.options.beforeCheck?.();
    if (!this.options.shouldSave()) {
      if (this.failures > 0) {
        this.failures = 0;
        this.report();
      }
      return;
    }
    if (this.running || this.options.isBusy()) {
      this.schedule(this.options.delay);
      return;
    }
    this.running = true;
    this.report();
    try {
      await this.options.save();
      this.failures = 0;
      this.running = false;
      this.report();
      // typed while it was saving
      if (this.options.shouldSave()) this.schedule(this.options.delay);
    } catch {
      this.running = false;
      this.failures += 1;
      this.report();
      const { retryDelays } = this.options;
      this.schedule(retryDelays[Math.min(this.failures, retryDelays.length) - 1] ?? this.options.delay);
    }
  }
}
