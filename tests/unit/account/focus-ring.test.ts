import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// the theme and base layer both pages' stylesheets import (ADR 146)
const css = readFileSync(path.resolve('src/client/styles/theme.css'), 'utf8');

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function themeColour(name: string): string {
  const match = css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})`));
  if (!match?.[1]) throw new Error(`--color-${name} is not a #rrggbb value in theme.css`);
  return match[1];
}

describe('the focus ring', () => {
  it('computes contrast as WCAG does (amber-500 on white is about 2.2:1)', () => {
    expect(contrast('#f59e0b', '#ffffff')).toBeCloseTo(2.15, 1);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('is drawn in --color-focus on everything focusable', () => {
    expect(css).toMatch(/:focus-visible\s*{\s*outline:\s*3px solid var\(--color-focus\)/);
  });

  // the outline sits 2 px outside the control, on the page: white cards, the slate-50 page, slate-100 hovers
  it.each([
    ['white', '#ffffff'],
    ['slate-50 (page)', '#f8fafc'],
    ['slate-100 (hover)', '#f1f5f9'],
  ])('has at least 3:1 contrast against %s (WCAG 1.4.11)', (_name, background) => {
    // measured: #1d4ed8 is 6.70:1 on white, 6.40:1 on slate-50, 6.09:1 on slate-100
    expect(contrast(themeColour('focus'), background)).toBeGreaterThanOrEqual(3);
  });
});
