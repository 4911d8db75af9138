import type { ReliableChange } from '../../../shared';

/** A point's mark: its reliable change since the first, or `plain` (an informant's first score, no criteria). */
export type MarkKind = ReliableChange | 'plain';

/**
 * The outline of a point's mark, as an SVG path around (x, y): the shape itself says the change, never the colour
 * alone. Improved is a triangle pointing the better way on the y axis, deteriorated one pointing the worse way
 * (which way is better comes from the scale), no reliable change a hollow ring, a plain point a small dot.
 */
export function markPath(
  kind: MarkKind,
  x: number,
  y: number,
  higherIs: 'worse' | 'better' = 'worse',
): string {
  const r = (n: number) => Math.round(n * 10) / 10;
  if (kind === 'plain' || kind === 'noChange') {
    const radius = kind === 'plain' ? 4 : 5.5;
    return `M${r(x - radius)},${r(y)}a${radius},${radius} 0 1,0 ${radius * 2},0a${radius},${radius} 0 1,0 ${-radius * 2},0Z`;
  }
  const better = higherIs === 'worse' ? 'down' : 'up';
  const points = kind === 'improved' ? better : better === 'down' ? 'up' : 'down';
  const size = 7;
  // the tip points the way, the base sits opposite: a triangle about as large as the ring
  const tip = points === 'up' ? y - size : y + size;
  const base = points === 'up' ? y + size * 0.7 : y - size * 0.7;
  return `M${r(x)},${r(tip)}L${r(x + size)},${r(base)}L${r(x - size)},${r(base)}Z`;
}

/** Whether a mark is drawn hollow (white inside, coloured outline): no reliable change. */
export const hollow = (kind: MarkKind) => kind === 'noChange';
