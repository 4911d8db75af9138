import { describe, expect, it, vi } from 'vitest';
import {
  dateKeys,
  rowsOfPoints,
  timelineOf,
  timelinesOf,
} from '../../../src/client/features/patients/timeline';

type Who = 'guardian' | 'teacher';
const p = (responseId: string, respondent: Who, submittedAt: string, score = 1) => ({
  responseId,
  respondent,
  submittedAt,
  score,
});
const week = (n: number, hour: number) => new Date(Date.UTC(2024, 0, 1 + 7 * n, hour)).toISOString();
const history = (weeks: number, score = 1) =>
  Array.from({ length: weeks }, (_, n) => [
    p(`g${n}`, 'guardian', week(n, 9), score),
    p(`t${n}`, 'teacher', week(n, 11), score),
  ]).flat();
const label = (time: number, longSpan: boolean) => new Date(time).toISOString().slice(0, longSpan ? 7 : 10);

describe('the results timeline (who answered when, ADR 152)', () => {
  it('is worked out once for the scales scored from the same responses, and apart for a scale with others', () => {
    const [focus, along, other] = [history(4, 1), history(4, 2), history(3, 3)];
    const said = vi.fn(label);
    const scales = timelinesOf(
      [
        { id: 'focus', points: focus },
        { id: 'along', points: along },
        { id: 'other', points: other },
      ],
      said,
    );
    expect(scales.map(({ scale }) => scale.id)).toEqual(['focus', 'along', 'other']);
    expect(scales[1]?.timeline).toBe(scales[0]?.timeline);
    expect(scales[2]?.timeline).not.toBe(scales[0]?.timeline);
    expect(scales[2]?.timeline.labels).toHaveLength(6);
    // the two timelines' days: 4 and 3 (the guardian and the teacher answer on the same day)
    expect(said).toHaveBeenCalledTimes(7);
  });

  it('gives each point its label, formatted once per day, or per month over a long span', () => {
    const said = vi.fn(label);
    const short = timelineOf(history(3), said);
    expect(short.labels).toEqual([
      '2024-01-01',
      '2024-01-01',
      '2024-01-08',
      '2024-01-08',
      '2024-01-15',
      '2024-01-15',
    ]);
    expect(said).toHaveBeenCalledTimes(3);
    said.mockClear();
    // 60 weeks: over the 330 days after which the axis names months
    const long = timelineOf(history(60), said);
    expect(long.labels[0]).toBe('2024-01');
    expect(new Set(long.labels).size).toBe(said.mock.calls.length);
    expect(said.mock.calls.every(([, longSpan]) => longSpan)).toBe(true);
  });

  it('lines up each informant and puts the informants of a day in one row, the cells read from each scale', () => {
    const focus = history(2, 1);
    const along = history(2, 5);
    const timeline = timelineOf(focus, label);
    expect(timeline.informants).toEqual(['guardian', 'teacher']);
    expect(timeline.series).toEqual([
      [0, 2],
      [1, 3],
    ]);
    const rows = timeline.rows ?? [];
    expect(rows.map((row) => row.key)).toEqual(['g0', 'g1']);
    const shown = rowsOfPoints(rows.slice(1), along);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.cells.get('teacher')).toBe(along[3]);
    expect(shown[0]?.cells.get('guardian')?.score).toBe(5);
  });

  it('has no side-by-side rows for one informant', () => {
    const alone = [p('a', 'guardian', week(0, 9)), p('b', 'guardian', week(1, 9))];
    expect(timelineOf(alone, label).rows).toBeNull();
  });

  it('keys a date by its day and month in the page’s zone', () => {
    const [a, b, c] = [
      dateKeys('2024-03-05T08:00:00'),
      dateKeys('2024-03-05T20:00:00'),
      dateKeys('2024-03-06T08:00:00'),
    ];
    expect(a?.day).toBe(b?.day);
    expect(c?.day).not.toBe(a?.day);
    expect(c?.month).toBe(a?.month);
    expect(dateKeys('2024-04-01T08:00:00').month).not.toBe(a?.month);
  });
});
