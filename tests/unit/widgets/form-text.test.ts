import { describe, expect, it, vi } from 'vitest';
import { createFormText } from '../../../src/client/forms/form-text';
import { i18n } from '../../../src/client/i18n';

describe('form texts (resolved once per language and key)', () => {
  it('asks i18next once per key and options, then answers from the cache', () => {
    const fixed = i18n.getFixedT('en', 'widgets');
    const t = vi.fn(((key: string, options?: Record<string, unknown>) =>
      fixed(key, options)) as typeof fixed);
    const text = createFormText(t);
    expect(text('field.optional')).toBe('(optional)');
    expect(text('field.optional')).toBe('(optional)');
    expect(text('counter.overLimit', { over: 2 })).toBe('You have 2 characters too many');
    expect(text('counter.overLimit', { over: 2 })).toBe('You have 2 characters too many');
    expect(t).toHaveBeenCalledTimes(2);
  });

  it('fills a counter template on every key without asking i18next again', () => {
    const fixed = i18n.getFixedT('tr', 'widgets');
    const t = vi.fn(((key: string, options?: Record<string, unknown>) =>
      fixed(key, options)) as typeof fixed);
    const text = createFormText(t);
    expect(text.fill('counter.count', { count: 5, max: 20 })).toBe('5 / 20');
    expect(text.fill('counter.count', { count: 6, max: 20 })).toBe('6 / 20');
    expect(t).toHaveBeenCalledTimes(1);
  });
});
