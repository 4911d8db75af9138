// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRound } from '../../../bench/lib/load';
import { type RawReference, type RawTarget, rawMeLoad } from '../../../bench/lib/raw-sql';
import { markdownTable, type Row, ratioOf } from '../../../bench/lib/results';
import { pairedRatios, rankQuantile, withExpectedInterval } from '../../../bench/lib/stats';

/** Section 4 compares ours with its reference in alternating rounds (ADR 144): the helpers it reads them with. */
describe('paired rounds', () => {
  it('takes the median of the rounds’ ratios, not the ratio of the medians', () => {
    // a machine twice as busy in the last rounds: the medians' ratio (300 / 500) would say 0.60
    const ratios = pairedRatios([100, 300, 320, 600, 640], [200, 500, 640, 1000, 1280]);
    expect(ratios.median).toBeCloseTo(0.5);
    expect(ratios.min).toBeCloseTo(0.5);
    expect(ratios.max).toBeCloseTo(0.6);
    expect(ratios.n).toBe(5);
  });

  it('shows a row’s paired ratio in the table, else the medians’', () => {
    const row: Row = {
      section: '4',
      metric: 'GET /auth/me, PostgreSQL',
      unit: 'req/s',
      ours: { median: 300, p25: 300, p75: 300, min: 100, max: 640, n: 5 },
      reference: { label: 'raw', value: { median: 500, p25: 500, p75: 500, min: 200, max: 1280, n: 5 } },
    };
    expect(ratioOf(row)).toBeCloseTo(0.6);
    expect(ratioOf({ ...row, ratio: 0.5 })).toBe(0.5);
    expect(markdownTable([{ ...row, ratio: 0.5 }])).toContain('| 0.50× |');
  });

  it('counts a paced stream’s late answers at the pace’s interval', () => {
    expect(withExpectedInterval([10, 130], 50)).toEqual([10, 130, 80]);
    expect(withExpectedInterval([10, 130], 0)).toEqual([10, 130]);
    // autocannon 8's interval of one millisecond counted one slow answer as a sample per millisecond
    expect(withExpectedInterval([5], 1)).toEqual([5, 4, 3, 2, 1]);
  });

  it('reads p99 by rank', () => {
    const values = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(rankQuantile(values, 0.99)).toBe(199);
    expect(rankQuantile([3, 1, 2], 0.5)).toBe(2);
    expect(rankQuantile([], 0.99)).toBeNaN();
  });
});

describe('a raw round', () => {
  it('counts only the operations finished within its time', async () => {
    const target: RawTarget = {
      poolSize: 1,
      send: () => new Promise((resolve) => setTimeout(() => resolve([{ id: 1 }]), 40)),
      close: async () => undefined,
    };
    const reference = { me: [{ text: 'select 1', parameters: [] }] } as unknown as RawReference;
    const round = await rawMeLoad(reference, target, 2, 0.5);
    // two loops of ~40 ms operations for 500 ms: about 24, never the ones still running at the end
    expect(round.latencies.length).toBeLessThanOrEqual(26);
    expect(round.latencies.length).toBeGreaterThan(10);
    expect(round.rate).toBeCloseTo(round.latencies.length / 0.5);
    expect(round.total).toBeGreaterThanOrEqual(round.latencies.length);
  });
});

describe('an autocannon round', () => {
  let server: Server;
  let url: string;
  let slow = false;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      setTimeout(() => response.end('{}'), slow ? 130 : 1);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps each answer’s time and the rate over the round', async () => {
    slow = false;
    const round = await loadRound({ url, connections: 2, duration: 1 });
    expect(round.latencies.length).toBe(round.summary.total);
    expect(round.rate).toBeGreaterThan(0);
    expect(round.paced).toEqual(round.latencies);
  });

  it('adds a paced stream’s missing samples at 1000 / rate ms', async () => {
    slow = true;
    const round = await loadRound({ url, connections: 1, duration: 1, overallRate: 20 });
    expect(round.latencies.length).toBeGreaterThan(0);
    // 20 a second on one connection: a 50 ms pace; an answer of ~130 ms adds one of ~80 ms (more when the
    // machine is slow), where autocannon's 1 ms interval would add ~129
    expect(round.paced).toEqual(withExpectedInterval(round.latencies, 50));
    expect(round.paced.length).toBeGreaterThanOrEqual(round.latencies.length * 2);
    expect(round.paced.length).toBeLessThan(withExpectedInterval(round.latencies, 1).length / 10);
  });
});
