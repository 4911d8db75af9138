import { describe, expect, it } from 'vitest';
import { createDeviceCopy, startingData } from '../../../src/client/lib/draft/device-copy';
import { keptKey, progressOf } from '../../../src/client/respond/progress';

const createAnswerKeeper = (storage: Parameters<typeof createDeviceCopy>[0], key: string) =>
  createDeviceCopy<Record<string, unknown>>(storage, key);

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("the device copy (the draft model's offline mode)", () => {
  it('keeps answers with whether the server has them, and gives them back', () => {
    const storage = memoryStorage();
    const keeper = createAnswerKeeper(storage, keptKey('A'.repeat(43)));
    expect(keeper.load()).toBeUndefined();
    keeper.keep({ r1: 'aLittle' }, true);
    expect(createAnswerKeeper(storage, keptKey('A'.repeat(43))).load()).toEqual({
      answers: { r1: 'aLittle' },
      pending: true,
    });
    keeper.clear();
    expect(keeper.load()).toBeUndefined();
  });

  it('keeps each link apart and never stores the whole token as the key', () => {
    const storage = memoryStorage();
    const token = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    createAnswerKeeper(storage, keptKey(token)).keep({ r1: 'x' }, false);
    expect(createAnswerKeeper(storage, keptKey('B'.repeat(43))).load()).toBeUndefined();
    expect([...storage.items.keys()].join()).not.toContain(token);
  });

  it('survives blocked or broken storage', () => {
    const broken = {
      getItem: () => '{not json',
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    const keeper = createAnswerKeeper(broken, 'k');
    expect(keeper.load()).toBeUndefined();
    expect(() => keeper.keep({ r1: 'x' }, true)).not.toThrow();
    expect(() => keeper.clear()).not.toThrow();
    expect(createAnswerKeeper(undefined, 'k').load()).toBeUndefined();
  });
});

describe('startingData', () => {
  it("starts from the device's answers while the server has not seen them, else from the server's", () => {
    expect(startingData({ r1: 'a' }, { answers: { r1: 'b', r2: 'c' }, pending: true })).toEqual({
      data: { r1: 'b', r2: 'c' },
      pending: true,
    });
    expect(startingData({ r1: 'a' }, { answers: { r1: 'b' }, pending: false })).toEqual({
      data: { r1: 'a' },
      pending: false,
    });
    expect(startingData({ r1: 'a' }, undefined)).toEqual({ data: { r1: 'a' }, pending: false });
  });
});

describe('progressOf', () => {
  it('counts the shown items that have an answer', () => {
    expect(progressOf(['r1', 'r2', 'r3'], { r1: 'a', r2: '', r3: [], r4: 'hidden' })).toEqual({
      answered: 1,
      total: 3,
    });
  });
});
