import type { ReliableChange } from '../../../shared';

/** A point's mark: its reliable change since the first, or `plain` (an informant's first score, no criteria). */
export type MarkKind = ReliableChange | 'plain';

const r = (n: number) => Math.round(n * 10) / 10;

/**
 * A mark's outline drawn from where it starts: the start's offset from the point and the rest of the path, relative
 * to that start, so a chart's hundreds of marks of one kind share the rest and differ only in where they start.
 */
function shapeOf(kind: MarkKind, higherIs: 'worse' | 'better'): { dx: number; dy: number; rest: string } {
  if (kind === 'plain' || kind === 'noChange') {
    const radius = kind === 'plain' ? 4 : 5.5;
    return {
      dx: -radius,
      dy: 0,
      rest: `a${radius},${radius} 0 1,0 ${radius * 2},0a${radius},${radius} 0 1,0 ${-radius * 2},0Z`,
    };
  }
  const better = higherIs === 'worse' ? 'down' : 'up';
  const points = kind === 'improved' ? better : better === 'down' ? 'up' : 'down';
  const size = 7;
  // the tip points the way, the base sits opposite: a triangle about as large as the ring
  const tip = points === 'up' ? -size : size;
  const base = points === 'up' ? size * 0.7 : -size * 0.7;
  return { dx: 0, dy: tip, rest: `l${size},${r(base - tip)}l${-2 * size},0Z` };
}

/**
 * The outlines of marks of one kind, as SVG paths around each point (x, y): the shape itself says the change, never
 * the colour alone. Improved is a triangle pointing the better way on the y axis, deteriorated one pointing the
 * worse way (which way is better comes from the scale), no reliable change a hollow ring, a plain point a small dot.
 */
export function markPaths(kind: MarkKind, higherIs: 'worse' | 'better' = 'worse') {
  const { dx, dy, rest } = shapeOf(kind, higherIs);
  return (x: number, y: number) => `M${r(x + dx)},${r(y + dy)}${rest}`;
}

/** The outline of one point's mark (see `markPaths`). */
export function markPath(
  kind: MarkKind,
  x: number,
  y: number,
  higherIs: 'worse' | 'better' = 'worse',
): string {
  return markPaths(kind, higherIs)(x, y);
}

/** Whether a mark is drawn hollow (white inside, coloured outline): no reliable change. */
export const hollow = (kind: MarkKind) => kind === 'noChange';
