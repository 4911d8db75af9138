import { describe, expect, it } from 'vitest';
import { countOutcomes, outcomeOf } from '../../../src/server/reports/outcome';
import { periodOf } from '../../../src/server/reports/period';
import type { ChangeCriteria } from '../../../src/shared';

/** Reliable change at 4 raw points, clinical at 11 or more (higher is worse). */
const WORSE: ChangeCriteria = { threshold: 4, cutoff: 11, higherIs: 'worse' };
/** Higher is better: clinical at 40 or less. */
const BETTER: ChangeCriteria = { threshold: 5, cutoff: 40, higherIs: 'better' };
const NO_CUTOFF: ChangeCriteria = { threshold: 4, cutoff: null, higherIs: 'worse' };
const NO_THRESHOLD: ChangeCriteria = { threshold: null, cutoff: 11, higherIs: 'worse' };

describe('the outcome of a client between their first and last score (ADR 129)', () => {
  it.each([
    // criteria, first, last, outcome, recovered
    [WORSE, 15, 8, 'improved', true],
    [WORSE, 15, 11, 'improved', false], // reliably better, still at the cut-off
    [WORSE, 10, 4, 'improved', false], // better, but was typical already
    [WORSE, 15, 12, 'noChange', false], // 3 points is within measurement error
    [WORSE, 12, 9, 'noChange', false], // crossed the cut-off without a reliable change: not recovered
    [WORSE, 6, 10, 'deteriorated', false], // exactly the threshold counts
    [WORSE, 6, 9.9, 'noChange', false],
    [BETTER, 30, 50, 'improved', true],
    [BETTER, 50, 40, 'deteriorated', false],
    [NO_CUTOFF, 15, 8, 'improved', null],
    [WORSE, 15, null, 'singleScore', null],
    [NO_THRESHOLD, 15, 8, null, null],
    [null, 15, 8, null, null],
  ] as const)('%o: %d -> %o is %o, recovered %o', (criteria, first, last, outcome, recovered) => {
    expect(outcomeOf(criteria, { first, last })).toEqual({ outcome, recovered });
  });
});

describe('the counts of the report', () => {
  const outcomes = [
    outcomeOf(WORSE, { first: 15, last: 8 }),
    outcomeOf(WORSE, { first: 10, last: 4 }),
    outcomeOf(WORSE, { first: 14, last: 12 }),
    outcomeOf(WORSE, { first: 6, last: 12 }),
    outcomeOf(WORSE, { first: 6, last: null }),
  ];

  it('counts each outcome once and the recovered among the improved', () => {
    expect(countOutcomes(WORSE, outcomes)).toEqual({
      improved: 2,
      noChange: 1,
      deteriorated: 1,
      singleScore: 1,
      recovered: 1,
    });
  });

  it('counts no recovery without a cut-off, and nothing without a threshold', () => {
    expect(countOutcomes(NO_CUTOFF, [outcomeOf(NO_CUTOFF, { first: 15, last: 8 })])).toMatchObject({
      improved: 1,
      recovered: null,
    });
    expect(countOutcomes(NO_THRESHOLD, [outcomeOf(NO_THRESHOLD, { first: 15, last: 8 })])).toBeNull();
    expect(countOutcomes(null, [])).toBeNull();
  });
});

describe('the period of a report, in Istanbul days', () => {
  const now = new Date('2026-11-26T22:30:00Z'); // already 27 November in Istanbul

  it('defaults to the twelve months up to today in Istanbul', () => {
    expect(periodOf({}, now)).toMatchObject({ from: '2025-11-28', to: '2026-11-27' });
  });

  it('counts back a year from a chosen end; 29 February falls back to the 28th', () => {
    expect(periodOf({ to: '2028-02-29' }, now)).toMatchObject({ from: '2027-03-01', to: '2028-02-29' });
  });

  it('bounds the period by Istanbul midnights, both days included', () => {
    const period = periodOf({ from: '2026-01-01', to: '2026-01-01' }, now);
    expect(period).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
      start: new Date('2025-12-31T21:00:00Z'),
      end: new Date('2026-01-01T21:00:00Z'),
    });
  });

  it('names both fields when the start is after the end', () => {
    expect(periodOf({ from: '2026-02-01', to: '2026-01-31' }, now)).toEqual({
      fields: { from: { key: 'reports.periodOrder' }, to: { key: 'reports.periodOrder' } },
    });
  });
});
