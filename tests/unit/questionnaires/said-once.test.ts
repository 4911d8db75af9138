import { describe, expect, it, vi } from 'vitest';
import { saidOnce } from '../../../src/client/features/patients/said-once';

describe('saidOnce (ADR 137)', () => {
  it('looks each key and its options up once, and keeps different options apart', () => {
    const lookUp = vi.fn(
      (key: string, options?: Record<string, unknown>) => `${key}:${JSON.stringify(options)}`,
    );
    const t = saidOnce(lookUp);
    for (let i = 0; i < 50; i++) {
      expect(t('results.notScored')).toBe('results.notScored:undefined');
      expect(t('results.givenIn', { language: 'tr' })).toBe('results.givenIn:{"language":"tr"}');
    }
    expect(t('results.givenIn', { language: 'en' })).toBe('results.givenIn:{"language":"en"}');
    expect(lookUp).toHaveBeenCalledTimes(3);
  });

  it('keeps nothing from one render to the next: a new language is looked up afresh', () => {
    let language = 'en';
    const lookUp = (key: string) => `${language}:${key}`;
    expect(saidOnce(lookUp)('results.date')).toBe('en:results.date');
    language = 'tr';
    expect(saidOnce(lookUp)('results.date')).toBe('tr:results.date');
  });
});
