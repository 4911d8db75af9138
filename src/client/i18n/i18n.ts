/**
 * The browser's i18next instance. Only the language in use is fetched (ADR 007): at start the namespaces
 * every screen uses, in the remembered or browser language; other namespaces (`intake`, `policies`) when a
 * screen first asks for them; another language when the user switches, before the switch. The chosen
 * language is remembered in localStorage (`lang`) and mirrored on `<html lang>`.
 */
import { type BackendModule, createInstance, type ResourceKey } from 'i18next';
import { use } from 'react';
import { initReactI18next } from 'react-i18next';
// the engine's locale helpers only, not its index: that would pull the formats and Ajv helpers into the entry
import { isLang, localePath } from '../../forms/locales';
import { DEFAULT_LANG, LANGS, type Lang } from '../../forms/types';
import { localeLoaders } from './locale-files';

export const LANGUAGE_STORAGE_KEY = 'lang';
export const SUPPORTED_LANGUAGES = LANGS;
export type { Lang };

/** Namespaces drawn on every screen of the account area (shell, forms' widgets); others load when asked. */
const DEFAULT_STARTUP_NAMESPACES = ['common', 'account', 'widgets'];

/**
 * The namespaces a page draws first, loaded before its first paint: its HTML names them
 * (`<html data-namespaces="common widgets respond">`: the respondent's page has no account shell).
 */
function startupNamespaces(): string[] {
  const named = globalThis.document?.documentElement?.dataset?.namespaces?.split(/\s+/).filter(Boolean);
  return named && named.length > 0 ? named : DEFAULT_STARTUP_NAMESPACES;
}

let loaders = localeLoaders;

/** Every interface namespace there is (`locales/<lang>/<ns>.json`). */
export function interfaceNamespaces(): string[] {
  const names = Object.keys(loaders).map((key) => localePath(key).replace(/^[a-z]{2}\/|\.json$/g, ''));
  return [...new Set(names)].sort();
}

/** Reads `locales/<lang>/<ns>.json` through its chunk. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = loaders[`/locales/${language}/${namespace}.json`];
    // no such file: an empty namespace rather than retries (check:forms keeps both languages complete)
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts as ResourceKey),
      (error: Error) => callback(error, false),
    );
  },
};

function storedLanguage(): Lang | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLang(stored) ? stored : undefined;
  } catch {
    // storage can be blocked (private mode, cookies off): fall back to the browser's language
    return undefined;
  }
}

/** The language a page fixed before loading (a respondent link's: `<html data-page-language>`), else none. */
function pageLanguage(): Lang | undefined {
  const fixed = globalThis.document?.documentElement?.dataset?.pageLanguage;
  return isLang(fixed) ? fixed : undefined;
}

/** The page's fixed language, else the remembered one, else Turkish for a Turkish browser, else English. */
export function initialLanguage(): Lang {
  const fixed = pageLanguage();
  if (fixed) return fixed;
  const browser = globalThis.navigator?.language?.toLowerCase() ?? '';
  return storedLanguage() ?? (browser.startsWith('tr') ? 'tr' : DEFAULT_LANG);
}

export const i18n = createInstance();

/** Settles once the start-up namespaces of the initial language are in: render after it (first paint). */
export const i18nReady: Promise<unknown> = i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    // no fallback language: it would fetch English for every Turkish page; check:forms keeps keys complete
    fallbackLng: false,
    supportedLngs: [...LANGS],
    load: 'currentOnly',
    ns: startupNamespaces(),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // re-render translated components when a bundle is replaced (hot-updated locale files)
    react: { bindI18nStore: 'added' },
  })
  .catch(() => undefined);

function reflectLanguage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
reflectLanguage(i18n.language);
i18n.on('languageChanged', reflectLanguage);

/** The active language as the engine's `Lang`. */
export function currentLanguage(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

const preparers = new Set<(lang: Lang) => Promise<unknown>>();

/** Registers work a switch to another language waits for (the form engine loading its texts). */
export function prepareLanguageWith(prepare: (lang: Lang) => Promise<unknown>): () => void {
  preparers.add(prepare);
  return () => preparers.delete(prepare);
}

/** Loads interface texts (every namespace unless told) in the given languages: the authors' preview, tests. */
export async function loadInterfaceTexts(langs: readonly Lang[], namespaces = interfaceNamespaces()) {
  await i18nReady;
  await i18n.loadNamespaces(namespaces);
  await i18n.loadLanguages([...langs]);
}

const textLoads = new Map<string, Promise<void>>();

/**
 * Suspends until every interface namespace is loaded in each of `langs` (the authors' preview). It suspends
 * only while loading, so call it in a component with no other hook after it: a replayed first render would
 * otherwise run those hooks as updates of a component never mounted (React error 467).
 */
export function useInterfaceTexts(langs: readonly Lang[]): void {
  const namespaces = interfaceNamespaces();
  const key = langs.join();
  let pending = textLoads.get(key);
  if (!pending && langs.some((lang) => namespaces.some((ns) => !i18n.hasResourceBundle(lang, ns)))) {
    pending = loadInterfaceTexts(langs).finally(() => textLoads.delete(key));
    textLoads.set(key, pending);
  }
  if (pending) use(pending);
}

/**
 * Switches the interface language and remembers the choice. Everything on screen arrives in the new
 * language first, so the page never shows keys or the old language mixed with the new.
 */
export async function setLanguage(lang: Lang): Promise<void> {
  // remembered at once: a page loaded while the texts are on their way opens in the chosen language
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // not remembered, but the switch itself still works
  }
  await Promise.all([i18n.loadLanguages(lang), ...[...preparers].map((prepare) => prepare(lang))]);
  await i18n.changeLanguage(lang);
}

if (import.meta.hot) {
  // a saved locale file: read the loaded namespaces again; bindI18nStore re-renders every useTranslation
  import.meta.hot.accept('./locale-files', (next) => {
    if (!next) return;
    loaders = (next as unknown as { localeLoaders: typeof localeLoaders }).localeLoaders;
    void i18n.reloadResources();
  });
}
