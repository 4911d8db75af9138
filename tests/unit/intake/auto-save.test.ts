import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutoSaver, type AutoSaveStatus } from '../../../src/client/features/intake/auto-save';

/** A form model: `changed()` after every edit, saves resolve or fail when the test says. */
function setUp(options: { retryDelays?: number[] } = {}) {
  const state = { value: '', saved: '', busyElsewhere: false, enabled: true };
  const pending: Array<{ resolve: () => void; reject: (e: Error) => void; value: string }> = [];
  const statuses: AutoSaveStatus[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const save = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const value = state.value;
        pending.push({
          value,
          resolve: () => {
            inFlight -= 1;
            state.saved = value;
            resolve();
          },
          reject: (error) => {
            inFlight -= 1;
            reject(error);
          },
        });
      }),
  );
  const saver = new AutoSaver({
    delay: 2000,
    retryDelays: options.retryDelays ?? [1000, 5000],
    shouldSave: () => state.enabled && state.value !== state.saved,
    isBusy: () => state.busyElsewhere,
    save,
    onStatus: (status) => statuses.push(status),
  });
  const type = (value: string) => {
    state.value = value;
    saver.changed();
  };
  /** Settles the oldest running save and lets its promise callbacks run. */
  const finish = async (outcome: 'ok' | 'fail' = 'ok') => {
    const next = pending.shift();
    if (!next) throw new Error('no save is running');
    if (outcome === 'ok') next.resolve();
    else next.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
  };
  return { state, save, saver, type, finish, statuses, maxInFlight: () => maxInFlight, pending };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('auto-save (spec: 2000 ms after the last change)', () => {
  it('saves once, 2 s after the last of several changes', async () => {
    const { type, save } = setUp();
    type('A');
    await vi.advanceTimersByTimeAsync(1500);
    type('Ay');
    await vi.advanceTimersByTimeAsync(1500);
    type('Ayş');
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not save when nothing changed since the last save', async () => {
    const { type, save, finish, saver } = setUp();
    type('Ayşe');
    await vi.advanceTimersByTimeAsync(2000);
    await finish();
    expect(save).toHaveBeenCalledTimes(1);
    // typed and then undone: the form equals what was saved
    type('Ayşe!');
    type('Ayşe');
    await vi.advanceTimersByTimeAsync(10_000);
    saver.settled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not save when the screen says not to (sections 2-4 without an id)', async () => {
    const { type, save, state } = setUp();
    state.enabled = false;
    type('text');
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
  });

  it('never runs two saves at once: changes made during a save wait for it', async () => {
    const { type, save, finish, maxInFlight, pending } = setUp();
    type('first');
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
    type('second');
    // the save is slow: 2 s pass, then 2 more, and it is still running
    await vi.advanceTimersByTimeAsync(4000);
    expect(save).toHaveBeenCalledTimes(1);
    await finish();
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(pending[0]?.value).toBe('second');
    expect(maxInFlight()).toBe(1);
  });

  it('waits while a save it did not start (a button) is running', async () => {
    const { type, save, state } = setUp();
    state.busyElsewhere = true;
    type('text');
    await vi.advanceTimersByTimeAsync(6000);
    expect(save).not.toHaveBeenCalled();
    state.busyElsewhere = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('after a manual save ends, counts down again only if changes remain', async () => {
    const { type, save, state, saver } = setUp();
    type('text');
    saver.cancel();
    state.saved = 'text';
    saver.settled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
    state.value = 'more';
    saver.settled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('retries a failed save with growing pauses, silently, until it succeeds', async () => {
    const { type, save, finish, statuses } = setUp({ retryDelays: [1000, 5000] });
    type('text');
    await vi.advanceTimersByTimeAsync(2000);
    await finish('fail');
    expect(statuses.at(-1)).toEqual({ saving: false, failed: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(2);
    await finish('fail');
    await vi.advanceTimersByTimeAsync(4999);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(3);
    await finish('ok');
    expect(statuses.at(-1)).toEqual({ saving: false, failed: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(3);
  });

  it('reports saving while its save runs', async () => {
    const { type, finish, statuses } = setUp();
    type('text');
    await vi.advanceTimersByTimeAsync(2000);
    expect(statuses.at(-1)).toEqual({ saving: true, failed: false });
    await finish();
    expect(statuses.at(-1)).toEqual({ saving: false, failed: false });
  });

  it('does nothing after dispose', async () => {
    const { type, save, saver } = setUp();
    type('text');
    saver.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
  });
});

describe('AutoSaver and text handed over after a typing pause', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the delay from the key, not from when the form heard of it', async () => {
    const save = vi.fn(async () => undefined);
    const saver = new AutoSaver({
      delay: 2000,
      retryDelays: [1000],
      shouldSave: () => true,
      isBusy: () => false,
      save,
    });
    saver.changed();
    await vi.advanceTimersByTimeAsync(300);
    // the text reaches the data 300 ms after the key
    saver.changed(300);
    await vi.advanceTimersByTimeAsync(1699);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('hands pending text to the data before deciding whether to save', async () => {
    const data = { value: 'saved', saved: 'saved', pending: 'typed' as string | null };
    const save = vi.fn(async () => {
      data.saved = data.value;
    });
    const saver = new AutoSaver({
      delay: 2000,
      retryDelays: [1000],
      beforeCheck: () => {
        if (data.pending !== null) data.value = data.pending;
        data.pending = null;
      },
      shouldSave: () => data.value !== data.saved,
      isBusy: () => false,
      save,
    });
    saver.changed();
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(data.saved).toBe('typed');
  });
});
