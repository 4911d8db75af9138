import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Connection, DraftSaver, type DraftSaveStatus } from '../../../src/client/lib/draft/draft-saver';

/** A connection the test turns off and on; `online` fires the listeners like the browser's event. */
function fakeConnection() {
  const listeners = new Set<() => void>();
  let up = true;
  const connection: Connection = {
    isOnline: () => up,
    onOnline: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    connection,
    offline: () => {
      up = false;
    },
    online: () => {
      up = true;
      for (const listener of listeners) listener();
    },
  };
}

const idle = { saving: false, failed: false, offline: false, submitting: false };

/** A form model: `changed()` after every edit, saves resolve or fail when the test says. */
function setUp(options: { retryDelays?: number[] } = {}) {
  const state = { value: '', saved: '', busyElsewhere: false, enabled: true };
  const pending: Array<{ resolve: () => void; reject: (e: Error) => void; value: string }> = [];
  const statuses: DraftSaveStatus[] = [];
  const net = fakeConnection();
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
  const saver = new DraftSaver({
    connection: net.connection,
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
  return { state, save, saver, type, finish, statuses, net, maxInFlight: () => maxInFlight, pending };
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
    expect(statuses.at(-1)).toEqual({ ...idle, failed: true });
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
    expect(statuses.at(-1)).toEqual(idle);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(3);
  });

  it('reports saving while its save runs', async () => {
    const { type, finish, statuses } = setUp();
    type('text');
    await vi.advanceTimersByTimeAsync(2000);
    expect(statuses.at(-1)).toEqual({ ...idle, saving: true });
    await finish();
    expect(statuses.at(-1)).toEqual(idle);
  });

  it('does nothing after dispose', async () => {
    const { type, save, saver } = setUp();
    type('text');
    saver.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
  });
});

describe('DraftSaver and text handed over after a typing pause', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the delay from the key, not from when the form heard of it', async () => {
    const save = vi.fn(async () => undefined);
    const saver = new DraftSaver({
      connection: fakeConnection().connection,
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
    const saver = new DraftSaver({
      connection: fakeConnection().connection,
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

describe('offline mode (ADR 110)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the connection instead of a clock, then sends by itself and the error clears', async () => {
    const { type, save, finish, net, statuses } = setUp({ retryDelays: [1000] });
    net.offline();
    type('typed offline');
    await vi.advanceTimersByTimeAsync(2000);
    await finish('fail');
    expect(statuses.at(-1)).toEqual({ ...idle, failed: true, offline: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    net.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    await finish('ok');
    expect(statuses.at(-1)).toEqual(idle);
  });

  it('sends changes made offline when the connection is back, without waiting for the pause', async () => {
    const { type, save, net } = setUp();
    net.offline();
    type('offline');
    net.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('submit through the draft model', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the save that runs, and no save starts after it', async () => {
    const { type, save, finish, saver } = setUp();
    const order: string[] = [];
    save.mockName('save');
    type('answers');
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
    const send = vi.fn(async () => {
      order.push('submit');
    });
    const sent = saver.submit(send);
    type('answers, then one more');
    await vi.advanceTimersByTimeAsync(0);
    expect(send).not.toHaveBeenCalled();
    await finish();
    await sent;
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    // the submit carried the last answers: no save reaches the server after it
    expect(save).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['submit']);
  });

  it('a submit queued offline is sent when the connection is back, and then resolves', async () => {
    const { saver, net, statuses } = setUp();
    net.offline();
    let attempts = 0;
    const send = vi.fn(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
    });
    let done = false;
    void saver.submit(send).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toEqual({ ...idle, failed: true, offline: true, submitting: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(done).toBe(false);
    net.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(done).toBe(true);
    expect(statuses.at(-1)).toEqual(idle);
  });

  it('retries a failed submit on the clock while online', async () => {
    const { saver } = setUp({ retryDelays: [1000] });
    const send = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue(undefined);
    void saver.submit(send);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
