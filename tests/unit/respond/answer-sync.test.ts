import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnswerKeeper } from '../../../src/client/respond/answer-keeper';
import { createAnswerSync, type SyncStatus } from '../../../src/client/respond/answer-sync';
import type { Answers, Outcome } from '../../../src/client/respond/respond-api';

function setup(results: Array<Outcome<unknown>>) {
  const items = new Map<string, string>();
  const keeper = createAnswerKeeper(
    {
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
      removeItem: (k) => void items.delete(k),
    },
    'k',
  );
  const sent: Answers[] = [];
  const statuses: SyncStatus[] = [];
  const sync = createAnswerSync({
    keeper,
    send: async (answers) => {
      sent.push(answers);
      return results.shift() ?? { kind: 'ok', value: {} };
    },
    onStatus: (status) => statuses.push(status),
    delayMs: 100,
  });
  return { keeper, sync, sent, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('answer sync (saved as the respondent goes)', () => {
  it('keeps a change on the device at once and sends only the latest after the pause', async () => {
    const { keeper, sync, sent, statuses } = setup([]);
    sync.change({ r1: 'a' });
    sync.change({ r1: 'a', r2: 'b' });
    expect(keeper.load()).toEqual({ answers: { r1: 'a', r2: 'b' }, pending: true });
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([{ r1: 'a', r2: 'b' }]);
    expect(keeper.load()?.pending).toBe(false);
    expect(statuses).toEqual(['saving', 'saved']);
    expect(sync.hasPending()).toBe(false);
  });

  it('keeps answers queued while offline and sends them when flushed again (back online)', async () => {
    const { keeper, sync, sent, statuses } = setup([{ kind: 'offline' }]);
    sync.change({ r1: 'a' });
    await vi.advanceTimersByTimeAsync(100);
    expect(statuses.at(-1)).toBe('offline');
    expect(keeper.load()).toEqual({ answers: { r1: 'a' }, pending: true });
    expect(sync.hasPending()).toBe(true);
    await sync.flush();
    expect(sent).toEqual([{ r1: 'a' }, { r1: 'a' }]);
    expect(statuses.at(-1)).toBe('saved');
    expect(keeper.load()?.pending).toBe(false);
  });

  it('reports a closed link with the outcome', async () => {
    const { sync, statuses } = setup([{ kind: 'closed', reason: 'revoked' }]);
    sync.change({ r1: 'a' });
    await vi.advanceTimersByTimeAsync(100);
    expect(statuses.at(-1)).toBe('closed');
  });
});
