import { describe, expect, it } from 'vitest';
import { mergeNavItems } from '../../../src/client/app/feature-module';
import { ApiError } from '../../../src/client/lib/api-error';
import { errorText } from '../../../src/client/lib/error-text';
import { formatDate } from '../../../src/client/lib/format-date';
import { parseRetryAfter } from '../../../src/client/lib/retry-after';

describe('feature modules extend the sidebar (ADR 020)', () => {
  const base = [
    { key: 'dashboard', to: '/dashboard' },
    { key: 'patients', to: '/patients' },
    { key: 'settings', to: '/settings' },
  ];

  it('retargets a built-in entry by key, keeping its place', () => {
    expect(mergeNavItems(base, [{ key: 'patients', to: '/client-intake-list' }])).toEqual([
      { key: 'dashboard', to: '/dashboard' },
      { key: 'patients', to: '/client-intake-list' },
      { key: 'settings', to: '/settings' },
    ]);
  });

  it('adds a new entry at the end, or before a named one', () => {
    const merged = mergeNavItems(base, [
      { key: 'library', to: '/library', label: 'Library', before: 'settings' },
      { key: 'help', to: '/help', label: 'Help' },
    ]);
    expect(merged.map((item) => item.key)).toEqual(['dashboard', 'patients', 'library', 'settings', 'help']);
    expect(base).toHaveLength(3);
  });
});

describe('what a failed call tells the user', () => {
  it.each([
    [
      new ApiError({
        status: 429,
        message: 'Too many requests. Please try again in 9 seconds.',
        serverMessage: 'x',
      }),
      'Too many requests. Please try again in 9 seconds.',
    ],
    [new ApiError({ status: 400, message: 'Bad', serverMessage: 'Bad' }), 'Bad'],
    [new ApiError({ status: 500, message: 'generic' }), 'Fallback'],
    [new Error('boom'), 'Fallback'],
  ])('%o -> %j', (error, text) => {
    expect(errorText(error, 'Fallback')).toBe(text);
  });
});

describe('Retry-After', () => {
  it.each([
    ['30', 30],
    ['2.5', 3],
    [12, 12],
    ['', undefined],
    ['soon', undefined],
    [-1, undefined],
  ])('%j -> %j seconds', (value, seconds) => {
    expect(parseRetryAfter(value)).toBe(seconds);
  });

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:45 GMT', now)).toBe(45);
  });
});

describe('dates in the reader language', () => {
  it('writes 22 November 2026 / 22 Kasım 2026', () => {
    expect(formatDate('2026-11-22', 'en')).toBe('22 November 2026');
    expect(formatDate('2026-11-22', 'tr')).toBe('22 Kasım 2026');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
