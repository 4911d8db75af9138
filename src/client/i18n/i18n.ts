/**
 * The browser's i18next instance: the interface namespaces of `locales/` bundled, English and Turkish (the
 * per-form texts come with the form engine's chunk), the chosen language remembered in localStorage
 * (`lang`) and mirrored on `<html lang>`.
 */
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
// the engine's locale helpers only, not its index: that would pull the formats and Ajv helpers into the entry
import { createResources, isLang, type Resources } from '../../forms/locales';
import { DEFAULT_LANG, LANGS, type Lang } from '../../forms/types';
import { localeFiles } from './locale-files';

export const LANGUAGE_STORAGE_KEY = 'lang';
export const SUPPORTED_LANGUAGES = LANGS;
export type { Lang };

function storedLanguage(): Lang | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLang(stored) ? stored : undefined;
  } catch {
    // storage can be blocked (private mode, cookies off): fall back to the browser's language
    return undefined;
  }
}

/** The remembered language, else Turkish for a Turkish browser, else English. */
export function initialLanguage(): Lang {
  const browser = globalThis.navigator?.language?.toLowerCase() ?? '';
  return storedLanguage() ?? (browser.startsWith('tr') ? 'tr' : DEFAULT_LANG);
}

function namespacesOf(resources: Resources): string[] {
  return [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];
}

const resources = createResources(localeFiles);

export const i18n = createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  ns: namespacesOf(resources),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // re-render translated components when a bundle is replaced (hot-updated locale files)
  react: { bindI18nStore: 'added' },
});

function reflectLanguage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
reflectLanguage(i18n.language);
i18n.on('languageChanged', reflectLanguage);

/** The active language as the engine's `Lang`. */
export function currentLanguage(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

/** Switches the interface language and remembers the choice. */
export async function setLanguage(lang: Lang): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // not remembered, but the switch itself still works
  }
  await i18n.changeLanguage(lang);
}

if (import.meta.hot) {
  // a saved locale file replaces its namespace in place; bindI18nStore re-renders every useTranslation
  import.meta.hot.accept('./locale-files', (next) => {
    if (!next) return;
    const fresh = createResources((next as unknown as { localeFiles: Record<string, unknown> }).localeFiles);
    for (const [lang, namespaces] of Object.entries(fresh)) {
      for (const [ns, bundle] of Object.entries(namespaces))
        i18n.addResourceBundle(lang, ns, bundle, true, true);
    }
  });
}
