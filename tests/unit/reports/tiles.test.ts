import { describe, expect, it } from 'vitest';
import { openingQuestionnaire } from '../../../src/client/features/reports/report-query';
import { reportTiles } from '../../../src/client/features/reports/tiles';
import { countOutcomes, outcomeOf } from '../../../src/server/reports/outcome';
import type { ChangeCriteria } from '../../../src/shared';

/** Reliable change at 4 raw points, clinical at 11 or more (higher is worse). */
const WORSE: ChangeCriteria = { threshold: 4, cutoff: 11, higherIs: 'worse' };

describe("the change report's tiles", () => {
  // five clients: two recovered, one improved but still clinical, one unchanged, one with one score only
  const spans = [
    { first: 15, last: 8 },
    { first: 18, last: 6 },
    { first: 20, last: 12 },
    { first: 9, last: 10 },
    { first: 12, last: null },
  ];
  const counts = countOutcomes(
    WORSE,
    spans.map((span) => outcomeOf(WORSE, span)),
  )!;

  it('count each client once: the tiles add up to the clients compared', () => {
    const tiles = reportTiles(counts);
    expect(tiles.map((tile) => tile.outcome)).toEqual([
      'improved',
      'noChange',
      'deteriorated',
      'singleScore',
    ]);
    expect(tiles.map((tile) => tile.count)).toEqual([3, 1, 0, 1]);
    expect(tiles.reduce((sum, tile) => sum + tile.count, 0)).toBe(spans.length);
  });

  it('say "recovered" within "reliably improved", never as a tile beside it', () => {
    const tiles = reportTiles(counts);
    expect(tiles.find((tile) => tile.outcome === 'improved')?.recovered).toBe(2);
    expect(tiles.filter((tile) => tile.outcome !== 'improved').map((tile) => tile.recovered)).toEqual([
      null,
      null,
      null,
    ]);
    expect(tiles.map((tile) => tile.outcome)).not.toContain('recovered');
  });

  it('say nothing of recovery on a scale without a cut-off', () => {
    const noCutoff = { ...WORSE, cutoff: null };
    const tiles = reportTiles(countOutcomes(noCutoff, [outcomeOf(noCutoff, { first: 15, last: 8 })])!);
    expect(tiles[0]).toEqual({ outcome: 'improved', count: 1, recovered: null });
  });
});

describe('the questionnaire the report opens on', () => {
  const library = [{ id: 'everyday-feelings' }, { id: 'home-routines' }, { id: 'school-day' }];

  it('is the most recently answered one the library holds, not the first alphabetically', () => {
    expect(openingQuestionnaire(library, null, ['gone', 'school-day', 'home-routines'])?.id).toBe(
      'school-day',
    );
  });

  it('is the one the address names, whatever was answered', () => {
    expect(openingQuestionnaire(library, 'home-routines', ['school-day'])?.id).toBe('home-routines');
  });

  it("is the library's first when nothing was answered or the address names none it holds", () => {
    expect(openingQuestionnaire(library, null, [])?.id).toBe('everyday-feelings');
    expect(openingQuestionnaire(library, 'nope', [])?.id).toBe('everyday-feelings');
    expect(openingQuestionnaire([], null, ['school-day'])).toBeUndefined();
  });
});
