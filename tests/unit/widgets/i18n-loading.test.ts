import { afterEach, describe, expect, it, vi } from 'vitest';

type I18nModule = typeof import('../../../src/client/i18n/i18n');

/** A fresh copy of the app's i18n module, as a page load starts it (the test setup's copy has every text). */
async function startApp(stored?: 'en' | 'tr'): Promise<I18nModule> {
  if (stored) localStorage.setItem('lang', stored);
  vi.resetModules();
  const module = (await import('../../../src/client/i18n/i18n')) as I18nModule;
  await module.i18nReady;
  return module;
}

afterEach(() => {
  localStorage.clear();
});

describe('interface texts: only the language in use is fetched (ADR 007)', () => {
  it('starts in the remembered language with the start-up namespaces of that language only', async () => {
    const { i18n } = await startApp('tr');
    expect(i18n.language).toBe('tr');
    expect(document.documentElement.lang).toBe('tr');
    for (const ns of ['common', 'account', 'widgets']) expect(i18n.hasResourceBundle('tr', ns)).toBe(true);
    expect(i18n.hasResourceBundle('en', 'account')).toBe(false);
    expect(i18n.hasResourceBundle('tr', 'policies')).toBe(false);
    expect(i18n.hasResourceBundle('tr', 'intake')).toBe(false);
    expect(i18n.t('app.close', { ns: 'account' })).toBe('Kapat');
  });

  it('never loads the server-only namespaces (errors, mail)', async () => {
    const { interfaceNamespaces } = await startApp();
    const namespaces = interfaceNamespaces();
    // every locale file but the server's own: a new screen's namespace joins without editing this test
    expect(namespaces).toEqual(
      expect.arrayContaining(['account', 'common', 'widgets', 'questionnaires', 'respond']),
    );
    expect(namespaces).not.toContain('errors');
    expect(namespaces).not.toContain('mail');
  });

  it('loads a namespace when a screen first asks for it', async () => {
    const { i18n } = await startApp('en');
    await i18n.loadNamespaces('policies');
    expect(i18n.t('terms.title', { ns: 'policies' })).toBe('Terms and Conditions');
  });

  it('switches language only once the new texts and the prepared work are in: no keys, no mixed languages', async () => {
    const { i18n, setLanguage, prepareLanguageWith } = await startApp('tr');
    let release = () => {};
    const formTexts = new Promise<void>((resolve) => {
      release = resolve;
    });
    let preparing = false;
    prepareLanguageWith(() => {
      preparing = true;
      return formTexts;
    });
    const switching = setLanguage('en');
    // all that comes before the held work has happened: the texts are in and the work was asked for
    await vi.waitFor(() => {
      expect(i18n.hasResourceBundle('en', 'account')).toBe(true);
      expect(preparing).toBe(true);
    });
    // and a turn of the event loop: without the hold, the language has switched by now
    await new Promise((resolve) => setImmediate(resolve));
    // still Turkish while the forms' English texts are on their way, but a page loaded now opens in English
    expect(i18n.language).toBe('tr');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(i18n.hasResourceBundle('en', 'account')).toBe(true);
    release();
    await switching;
    expect(i18n.language).toBe('en');
    expect(i18n.t('app.close', { ns: 'account' })).toBe('Close');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
