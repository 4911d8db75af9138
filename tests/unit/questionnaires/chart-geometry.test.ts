import { describe, expect, it } from 'vitest';
import { axisLabelIndices, layoutChart, ticksOf } from '../../../src/client/features/patients/chart-geometry';

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

describe('x-axis dates', () => {
  it('names a day once when several responses fall on it ("26 Kas" once, not three times)', () => {
    expect(axisLabelIndices(['26 Kas', '26 Kas', '26 Kas', '3 Ara'], [64, 200, 400, 600], 72)).toEqual([
      0, 3,
    ]);
  });

  it('keeps labels apart when days come close together', () => {
    expect(axisLabelIndices(['1 Ara', '2 Ara', '3 Ara', '4 Ara'], [64, 100, 136, 172], 72)).toEqual([0, 2]);
  });
});

describe('band labels', () => {
  const bands = [
    { min: 0, max: 10, severity: 'none' as const, label: 'Düşük' },
    { min: 10, max: 20, severity: 'severe' as const, label: 'Belirgin güçlük' },
  ];

  it('stay at the top right of their band when no point is there', () => {
    const layout = layoutChart({ ...box, range: { min: 0, max: 20 }, scores: [1], bands });
    expect(layout.bands[1]).toMatchObject({ labelX: 620, anchor: 'end' });
  });

  it('move away from a point that sits under the label', () => {
    // the last point at the very top, where the upper band's label was drawn
    const layout = layoutChart({ ...box, range: { min: 0, max: 20 }, scores: [2, 19.5], bands });
    const label = layout.bands[1]!;
    const last = layout.points[1]!;
    const width = label.label.length * 6.8 + 4;
    const left = label.labelX - width;
    const clear =
      last.x + 7 <= left ||
      last.x - 7 >= left + width ||
      last.y + 7 <= label.labelY - 12 ||
      last.y - 7 >= label.labelY + 3;
    expect(clear).toBe(true);
  });
});

describe('band labels on a flat (printed) chart', () => {
  it('keep clear of each other when the bands are thinner than a line of text', () => {
    const strain = [
      { min: 0, max: 1, severity: 'none' as const, label: 'Düzenli' },
      { min: 1, max: 1.75, severity: 'mild' as const, label: 'Biraz zorlanma' },
      { min: 1.75, max: 2.5, severity: 'moderate' as const, label: 'Belirgin zorlanma' },
      { min: 2.5, max: 3, severity: 'severe' as const, label: 'Ağır zorlanma' },
    ];
    const layout = layoutChart({
      width: 640,
      height: 110,
      range: { min: 0, max: 3 },
      scores: [1.88, 2, 2.13],
      bands: strain,
    });
    const boxes = layout.bands.map((b) => ({
      left: b.labelX - (b.label.length * 6.8 + 4),
      right: b.labelX,
      top: b.labelY - 12,
      bottom: b.labelY + 3,
    }));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const hit = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(hit).toBe(false);
      }
    }
  });
});

describe('band labels over a long history', () => {
  it('move left of years of points that fill the right of their row, and hide none of them', () => {
    // 520 weekly scores, every other one not scored (dots, no line): the newest two thirds at the top of the range,
    // where the upper band's label starts
    const scores = Array.from({ length: 520 }, (_, i) => (i % 2 ? null : i < 180 ? 2 + (i % 3) : 19.5));
    const bands = [
      { min: 0, max: 10, severity: 'none' as const, label: 'Düşük' },
      { min: 10, max: 20, severity: 'severe' as const, label: 'Belirgin güçlük' },
    ];
    const layout = layoutChart({ ...box, range: { min: 0, max: 20 }, scores, bands });
    const label = layout.bands[1]!;
    const width = label.label.length * 6.8 + 4;
    const [left, right, top, bottom] = [
      label.labelX - width,
      label.labelX,
      label.labelY - 12,
      label.labelY + 3,
    ];
    expect(label.labelX).toBeLessThan(620);
    const hidden = layout.points.filter(
      (p) => p && p.x - 7 < right && left < p.x + 7 && p.y - 7 < bottom && top < p.y + 7,
    );
    expect(hidden).toEqual([]);
  });

  it('places points at their days on a time axis: the same day at the same place, a long gap as wide as it was', () => {
    // a guardian and a teacher on day 0, the guardian again on day 1, then on day 10
    const layout = layoutChart({
      ...box,
      range: { min: 0, max: 10 },
      scores: [5, 7, 4, 2],
      days: [100, 100, 101, 110],
      bands: [],
      series: [[0, 2, 3], [1]],
    });
    const xs = layout.points.map((p) => p?.x);
    expect(xs[0]).toBe(64);
    expect(xs[1]).toBe(64);
    expect(xs[3]).toBe(600);
    // one day of ten: a tenth of the way, not a third as by order
    expect(xs[2]).toBeCloseTo(64 + (600 - 64) / 10, 0);
  });

  it('puts all of one day in the middle', () => {
    const layout = layoutChart({
      ...box,
      range: { min: 0, max: 10 },
      scores: [5, 7],
      days: [3, 3],
      bands: [],
    });
    expect(layout.points.map((p) => p?.x)).toEqual([332, 332]);
  });

  it('shades the first score ± the threshold from that point on, clipped to the range', () => {
    const layout = layoutChart({
      ...box,
      range: { min: 0, max: 20 },
      scores: [null, 10, 2],
      bands: [],
      errorBands: [
        { start: 1, from: 6, to: 14 },
        { start: 2, from: -2, to: 6 },
        { start: 0, from: 0, to: 4 },
      ],
    });
    // y: 212 at 0, 10 units per point
    expect(layout.errorBands[0]).toEqual({ x: 332, y: 72, width: 624 - 332, height: 80 });
    expect(layout.errorBands[1]).toMatchObject({ y: 152, height: 60 });
    // its first point was not scored: nothing to measure from
    expect(layout.errorBands[2]).toBeNull();
  });

  it("keeps the cut-off's label off its line: above it, or below it where the line runs along the top", () => {
    const middle = layoutChart({ ...box, range: { min: 0, max: 20 }, scores: [], bands: [], cutoff: 10 });
    expect(middle.cutoffLabelY).toBe(middle.cutoffY! - 5);
    const top = layoutChart({ ...box, range: { min: 0, max: 20 }, scores: [], bands: [], cutoff: 20 });
    expect(top.cutoffLabelY).toBeGreaterThan(top.cutoffY! + 11);
  });
});
