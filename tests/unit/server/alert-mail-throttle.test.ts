import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAlertMailThrottle } from '../../../src/server/questionnaires/alert-mail-throttle';

const WINDOW = 5 * 60_000;

/**
 * A stand-in for the alerts table: `raise` adds a waiting alert, and a send mails every waiting alert of the
 * practitioner at once, as the real one's `update ... where mailed_at is null returning` does.
 */
function alertsTable() {
  const waiting = new Map<string, string[]>();
  const mails: Array<{ to: string; at: number; alerts: string[] }> = [];
  return {
    mails,
    waiting,
    raise(practitioner: string, alert: string) {
      waiting.set(practitioner, [...(waiting.get(practitioner) ?? []), alert]);
    },
    async send(practitioner: string) {
      const alerts = waiting.get(practitioner) ?? [];
      waiting.delete(practitioner);
      if (alerts.length > 0) mails.push({ to: practitioner, at: Date.now(), alerts });
    },
  };
}

describe('the alert mail throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-06T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp() {
    const table = alertsTable();
    const onError = vi.fn();
    const throttle = createAlertMailThrottle({ send: table.send, windowMs: WINDOW, onError });
    const raise = (practitioner: string, alert: string) => {
      table.raise(practitioner, alert);
      throttle.notify(practitioner);
    };
    return { table, throttle, raise, onError };
  }

  it('mails the first urgent alert at once', async () => {
    const { table, raise } = setUp();
    raise('ayse', 'a1');
    await vi.advanceTimersByTimeAsync(0);
    expect(table.mails).toEqual([{ to: 'ayse', at: Date.parse('2026-12-06T10:00:00Z'), alerts: ['a1'] }]);
  });

  it('sends at most one mail per window, the next counting every alert raised meanwhile: none lost', async () => {
    const { table, raise } = setUp();
    raise('ayse', 'a1');
    await vi.advanceTimersByTimeAsync(60_000);
    raise('ayse', 'a2');
    await vi.advanceTimersByTimeAsync(60_000);
    raise('ayse', 'a3');
    raise('ayse', 'a4');
    await vi.advanceTimersByTimeAsync(WINDOW - 2 * 60_000 - 1);
    expect(table.mails.map((m) => m.alerts)).toEqual([['a1']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(table.mails.map((m) => m.alerts)).toEqual([['a1'], ['a2', 'a3', 'a4']]);
    expect(table.mails[1]!.at - table.mails[0]!.at).toBe(WINDOW);
    expect(table.waiting.size).toBe(0);
  });

  it('keeps the window after the delayed mail: seven alerts in four minutes make two mails', async () => {
    const { table, raise } = setUp();
    for (let i = 1; i <= 7; i++) {
      raise('ayse', `a${i}`);
      await vi.advanceTimersByTimeAsync(40_000);
    }
    // seven alerts, 40 s apart: the last at 4 min; the window ends at 5 min
    await vi.advanceTimersByTimeAsync(WINDOW - 7 * 40_000);
    expect(table.mails.map((m) => m.alerts.length)).toEqual([1, 6]);
    // an alert just after the delayed mail waits for a whole window again
    raise('ayse', 'a8');
    await vi.advanceTimersByTimeAsync(WINDOW - 1);
    expect(table.mails).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(table.mails.map((m) => m.alerts)).toEqual([['a1'], expect.any(Array), ['a8']]);
  });

  it('mails again at once when the window has passed', async () => {
    const { table, raise } = setUp();
    raise('ayse', 'a1');
    await vi.advanceTimersByTimeAsync(WINDOW);
    raise('ayse', 'a2');
    await vi.advanceTimersByTimeAsync(0);
    expect(table.mails.map((m) => m.alerts)).toEqual([['a1'], ['a2']]);
  });

  it('keeps each practitioner to their own window', async () => {
    const { table, raise } = setUp();
    raise('ayse', 'a1');
    raise('mehmet', 'm1');
    raise('ayse', 'a2');
    await vi.advanceTimersByTimeAsync(0);
    expect(table.mails.map((m) => [m.to, m.alerts])).toEqual([
      ['ayse', ['a1']],
      ['mehmet', ['m1']],
    ]);
    await vi.advanceTimersByTimeAsync(WINDOW);
    expect(table.mails.map((m) => [m.to, m.alerts])).toContainEqual(['ayse', ['a2']]);
  });

  it('tells a failed send and leaves its alerts waiting for the next mail', async () => {
    const table = alertsTable();
    const onError = vi.fn();
    let failing = true;
    const throttle = createAlertMailThrottle({
      send: async (p) => {
        if (failing) throw new Error('database away');
        await table.send(p);
      },
      windowMs: WINDOW,
      onError,
    });
    table.raise('ayse', 'a1');
    throttle.notify('ayse');
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledTimes(1);
    failing = false;
    table.raise('ayse', 'a2');
    throttle.notify('ayse');
    await vi.advanceTimersByTimeAsync(WINDOW);
    expect(table.mails.map((m) => m.alerts)).toEqual([['a1', 'a2']]);
  });

  it('close clears the waiting timers; what they would have sent stays waiting', async () => {
    const { table, throttle, raise } = setUp();
    raise('ayse', 'a1');
    raise('ayse', 'a2');
    throttle.close();
    await vi.advanceTimersByTimeAsync(2 * WINDOW);
    expect(table.mails.map((m) => m.alerts)).toEqual([['a1']]);
    expect(table.waiting.get('ayse')).toEqual(['a2']);
  });
});
