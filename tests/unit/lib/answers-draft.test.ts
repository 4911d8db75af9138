import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Answers,
  createAnswersDraft,
  type SaveOutcome,
} from '../../../src/client/lib/draft/answers-draft';
import { createDeviceCopy } from '../../../src/client/lib/draft/device-copy';
import type { Connection } from '../../../src/client/lib/draft/draft-saver';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A draft whose saves answer what the test queues; no queued answer: saved at the next version. */
function setUp(options: { pending?: boolean; answers?: Answers } = {}) {
  const listeners = new Set<() => void>();
  let up = true;
  const connection: Connection = {
    isOnline: () => up,
    onOnline: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const storage = memoryStorage();
  const copy = createDeviceCopy<Answers>(storage, 'k');
  const answers: Array<SaveOutcome | 'offline' | Promise<SaveOutcome>> = [];
  const saves: Array<{ answers: Answers; version: number | undefined }> = [];
  let serverVersion = 3;
  const draft = createAnswersDraft({
    answers: options.answers ?? {},
    version: 3,
    savedAt: null,
    pending: options.pending,
    copy,
    delay: 2000,
    retryDelays: [1000, 5000],
    connection,
    save: async (sent, version) => {
      saves.push({ answers: sent, version });
      const next = answers.shift();
      if (next === 'offline') throw new Error('offline');
      if (next) return await next;
      serverVersion += 1;
      return { kind: 'saved', version: serverVersion, savedAt: new Date() };
    },
  });
  draft.start();
  const net = {
    offline: () => {
      up = false;
    },
    online: () => {
      up = true;
      for (const listener of listeners) listener();
    },
  };
  return { draft, saves, answers, copy, net };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('an answers draft (the in-session fill and the respondent page, ADR 110)', () => {
  it('saves 2 s after the last answer, with the version last saved, and is no longer dirty', async () => {
    const { draft, saves } = setUp();
    draft.change({ r1: 'a' });
    await vi.advanceTimersByTimeAsync(1000);
    draft.change({ r1: 'a', r2: 'b' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toEqual([{ answers: { r1: 'a', r2: 'b' }, version: 3 }]);
    expect(draft.getState()).toMatchObject({ dirty: false, saving: false, failed: false });
    draft.change({ r1: 'c' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(saves[1]?.version).toBe(4);
  });

  it('a stale version (409) keeps the answers on screen, stops saving, and saves over on request', async () => {
    const { draft, saves, answers } = setUp();
    answers.push({ kind: 'stale', version: 7 });
    draft.change({ r1: 'mine' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(draft.getState()).toMatchObject({
      answers: { r1: 'mine' },
      dirty: true,
      conflict: { version: 7 },
    });
    draft.change({ r1: 'mine, more' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saves).toHaveLength(1);
    await draft.overwrite();
    expect(saves[1]).toEqual({ answers: { r1: 'mine, more' }, version: 7 });
    expect(draft.getState()).toMatchObject({ conflict: null, dirty: false });
  });

  it('the other choice of a conflict takes the saved answers and their version', async () => {
    const { draft, answers, saves } = setUp();
    answers.push({ kind: 'stale', version: 7 });
    draft.change({ r1: 'mine' });
    await vi.advanceTimersByTimeAsync(2000);
    draft.reloaded({ r1: 'theirs' }, 7, new Date());
    expect(draft.getState()).toMatchObject({ answers: { r1: 'theirs' }, dirty: false, conflict: null });
    draft.change({ r1: 'next' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(saves.at(-1)).toEqual({ answers: { r1: 'next' }, version: 7 });
  });

  it('offline: answers wait on the device, go by themselves when the connection is back, and the error clears', async () => {
    const { draft, saves, answers, copy, net } = setUp();
    net.offline();
    answers.push('offline');
    draft.change({ r1: 'a' });
    expect(copy.load()).toEqual({ answers: { r1: 'a' }, pending: true });
    await vi.advanceTimersByTimeAsync(2000);
    expect(draft.getState()).toMatchObject({ failed: true, offline: true, dirty: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saves).toHaveLength(1);
    net.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves).toHaveLength(2);
    expect(draft.getState()).toMatchObject({ failed: false, offline: false, dirty: false });
    expect(copy.load()).toEqual({ answers: { r1: 'a' }, pending: false });
  });

  it('answers the device kept and the server never saw are sent at start', async () => {
    const { saves } = setUp({ pending: true, answers: { r1: 'kept' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(saves).toEqual([{ answers: { r1: 'kept' }, version: 3 }]);
  });

  it('a submit waits for the save on its way, carries the last answers, and no save follows it', async () => {
    const { draft, saves, answers } = setUp();
    let release: () => void = () => {};
    const order: string[] = [];
    answers.push(
      new Promise<SaveOutcome>((resolve) => {
        release = () => {
          order.push('save');
          resolve({ kind: 'saved', version: 4, savedAt: new Date() });
        };
      }),
    );
    // the save is slow: the submit is tapped while it runs, then one more answer is given
    draft.change({ r1: 'a' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(saves).toHaveLength(1);
    const sent = draft.submit(async (last, version) => {
      order.push(`submit ${JSON.stringify(last)} v${version}`);
      return 'thanks';
    });
    draft.change({ r1: 'a', r2: 'b' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(order).toEqual([]);
    release();
    expect(await sent).toBe('thanks');
    draft.done();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(order).toEqual(['save', 'submit {"r1":"a","r2":"b"} v4']);
    expect(saves).toHaveLength(1);
  });

  it('a submit tapped offline is sent by itself when the connection is back', async () => {
    const { draft, net } = setUp();
    net.offline();
    draft.change({ r1: 'a' });
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('thanks');
    const sent = draft.submit(send);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(draft.getState()).toMatchObject({ submitting: true, failed: true });
    net.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(await sent).toBe('thanks');
    expect(send).toHaveBeenCalledTimes(2);
    expect(draft.getState()).toMatchObject({ submitting: false, failed: false });
  });
});
