import { TranslatableString } from '@rjsf/utils';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import kvkkEn from '../../../locales/en/kvkk.json';
import en from '../../../locales/en/widgets.json';
import kvkkTr from '../../../locales/tr/kvkk.json';
import tr from '../../../locales/tr/widgets.json';
import { i18n, LANGUAGE_STORAGE_KEY, LanguageSwitcher, prepareLanguageWith } from '../../../src/client/i18n';
import { createRjsfTranslator } from '../../../src/client/i18n/rjsf-translator';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  localStorage.clear();
});

function keys(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('language switcher', () => {
  it('switches to Turkish, remembers it and sets <html lang>', async () => {
    render(<LanguageSwitcher />);
    const tr = screen.getByRole('button', { name: 'TR Türkçe' });
    expect(tr).toHaveAttribute('aria-pressed', 'false');
    await act(async () => tr.click());
    expect(i18n.language).toBe('tr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('tr');
    expect(document.documentElement.lang).toBe('tr');
    expect(screen.getByRole('button', { name: 'TR Türkçe' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Dil' })).toBeInTheDocument();
  });

  it('offers only the languages it is given: none at all when that leaves no choice', () => {
    const { container } = render(<LanguageSwitcher languages={['tr']} />);
    expect(container).toBeEmptyDOMElement();
    cleanup();
    render(<LanguageSwitcher languages={['tr', 'en']} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['EN', 'TR']);
  });

  it('stays in its language and tells the page when the new texts cannot be fetched', async () => {
    const stop = prepareLanguageWith(() => Promise.reject(new Error('offline')));
    const onChosen = vi.fn();
    const onFailed = vi.fn();
    try {
      render(<LanguageSwitcher onChosen={onChosen} onFailed={onFailed} />);
      await act(async () => screen.getByRole('button', { name: 'TR Türkçe' }).click());
      await vi.waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
      expect(onChosen).not.toHaveBeenCalled();
      expect(i18n.language).toBe('en');
    } finally {
      stop();
    }
  });

  it('gives each button an accessible name that starts with its visible text (axe label-content-name-mismatch)', () => {
    render(<LanguageSwitcher />);
    for (const button of screen.getAllByRole('button')) {
      const visible = button.textContent?.trim() ?? '';
      expect(visible).toMatch(/^(EN|TR)$/);
      expect(button).toHaveAccessibleName(expect.stringMatching(new RegExp(`^${visible}\\b`)));
    }
  });
});

describe('widget texts', () => {
  it('exist in English and Turkish with the same keys', () => {
    expect(keys(tr).sort()).toEqual(keys(en).sort());
  });

  it('cover every RJSF string', () => {
    expect(Object.keys(en.rjsf).sort()).toEqual(Object.keys(TranslatableString).sort());
  });

  it('keep the KVKK modal in Turkish in both languages, in a namespace of its own (fetched when it opens)', () => {
    expect(kvkkEn.cancel).toBe('Vazgeç');
    expect(kvkkEn.accept).toBe('Kabul Ediyorum');
    expect(kvkkEn).toEqual(kvkkTr);
    expect(Object.keys(en.kvkk).sort()).toEqual(['bindingText', 'given', 'open', 'translationHeading']);
  });
});

describe("RJSF's own strings", () => {
  it.each([
    ['en', TranslatableString.RemoveButton, undefined, 'Remove'],
    ['tr', TranslatableString.RemoveButton, undefined, 'Kaldır'],
    ['tr', TranslatableString.OptionPrefix, ['2'], 'Seçenek 2'],
    ['tr', TranslatableString.KeyLabel, ['Ad'], 'Ad anahtarı'],
  ] as const)('in %s, %j is %j', (lang, text, params, expected) => {
    const translate = createRjsfTranslator(i18n.getFixedT(lang, 'widgets'));
    expect(translate(text, params ? [...params] : undefined)).toBe(expected);
  });
});
