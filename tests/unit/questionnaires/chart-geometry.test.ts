import { describe, expect, it } from 'vitest';
import { layoutChart, ticksOf } from '../../../src/client/features/patients/chart-geometry';

const box = { width: 640, height: 240 };
// plot area: left 40, right 624, top 12, bottom 212; points inset 24 px: x from 64 to 600 (chart-geometry)

describe('the score chart layout', () => {
  it('puts the range minimum at the bottom and the maximum at the top of the plot', () => {
    const layout = layoutChart({ ...box, range: { min: 0, max: 20 }, scores: [0, 20], bands: [] });
    expect(layout.points).toEqual([
      { x: 64, y: 212 },
      { x: 600, y: 12 },
    ]);
    expect(layout.segments).toEqual(['64,212 600,12']);
  });

  it('draws a not-scored response as a gap in the line, never as 0', () => {
    const layout = layoutChart({ ...box, range: { min: 0, max: 10 }, scores: [5, null, 5, 10], bands: [] });
    expect(layout.points[1]).toBeNull();
    expect(layout.segments).toHaveLength(1);
    expect(layout.segments[0]).not.toContain('212');
  });

  it('centres a single response', () => {
    const layout = layoutChart({ ...box, range: { min: 0, max: 10 }, scores: [5], bands: [] });
    expect(layout.points[0]).toEqual({ x: 332, y: 112 });
    expect(layout.segments).toEqual([]);
  });

  it('shades each band from its lower to its upper bound', () => {
    const layout = layoutChart({
      ...box,
      range: { min: 0, max: 20 },
      scores: [],
      bands: [
        { min: 0, max: 10, severity: 'none', label: 'Low' },
        { min: 10, max: 20, severity: 'severe', label: 'High' },
      ],
    });
    expect(layout.bands.map(({ y, height }) => ({ y, height }))).toEqual([
      { y: 112, height: 100 },
      { y: 12, height: 100 },
    ]);
  });

  it('keeps scores outside the range inside the plot', () => {
    const layout = layoutChart({ ...box, range: { min: 0, max: 10 }, scores: [15, -5], bands: [] });
    expect(layout.points.map((p) => p?.y)).toEqual([12, 212]);
  });

  it.each([
    [0, 27, [0, 10, 20, 27]],
    [0, 3, [0, 1, 2, 3]],
    [1, 4, [1, 2, 3, 4]],
    [0, 100, [0, 25, 50, 75, 100]],
  ])('ticks from %i to %i are %j', (min, max, ticks) => {
    expect(ticksOf(min, max)).toEqual(ticks);
  });
});
