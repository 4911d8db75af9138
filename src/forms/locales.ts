import i18next, { type i18n, type TOptions } from 'i18next';
import { withoutSchemaRef } from './schema-ref.ts';
import { DEFAULT_LANG, isLang, LANGS, type Lang } from './types.ts';

export { isLang };

/** Files of `locales/`, keyed by their path relative to it (`tr/intake/demographics.json`). */
export type LocaleFiles = Record<string, unknown>;

/** i18next resources: language -> namespace -> nested keys. Namespaces are `common`, ... and form ids. */
export type Resources = Record<Lang, Record<string, Record<string, unknown>>>;

const LOCALE_FILE = /^(?<lang>[a-z]{2})\/(?<ns>.+)\.json$/;

/** Normalises a glob or file-system key to a path relative to `locales/`. */
export function localePath(key: string): string {
  const normalised = key.replaceAll('\\', '/');
  const at = normalised.lastIndexOf('locales/');
  return at >= 0 ? normalised.slice(at + 'locales/'.length) : normalised.replace(/^\.?\//, '');
}

/** Groups locale files into i18next resources; a namespace is the file path without language and `.json`. */
export function createResources(files: LocaleFiles): Resources {
  const resources = Object.fromEntries(LANGS.map((lang) => [lang, {}])) as Resources;
  for (const [key, content] of Object.entries(files)) {
    const match = LOCALE_FILE.exec(localePath(key));
    if (!match?.groups || !isLang(match.groups.lang)) continue;
    if (typeof content !== 'object' || content === null) continue;
    // `$schema` names the editor's schema (ADR 123), not a text
    resources[match.groups.lang][match.groups.ns!] = withoutSchemaRef(content) as Record<string, unknown>;
  }
  return resources;
}

/**
 * A synchronous i18next instance over the resources. Namespaces contain `/` and option values may contain
 * `:`, so the namespace is always passed explicitly and never parsed out of a key.
 */
export function createI18n(resources: Resources): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: DEFAULT_LANG,
    fallbackLng: false,
    supportedLngs: [...LANGS],
    ns: [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))],
    defaultNS: 'common',
    nsSeparator: false,
    keySeparator: '.',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  } as Parameters<i18n['init']>[0]);
  return instance;
}

/** The text of a key, or `undefined` when the key is missing in that language. */
export type Translate = (lang: Lang, ns: string, key: string, params?: TOptions) => string | undefined;

export function createTranslate(instance: i18n): Translate {
  return (lang, ns, key, params) => {
    if (!instance.exists(key, { lng: lang, ns })) return undefined;
    const value = instance.t(key, { ...params, lng: lang, ns });
    return typeof value === 'string' ? value : undefined;
  };
}

/** Where a questionnaire's locale file keeps each informant's wording (`_respondents.<respondent>`, ADR 126). */
export const OVERLAYS_KEY = '_respondents';

/**
 * The texts as one respondent reads them: that respondent's overlay deep-merged over the base, so a key the
 * overlay gives wins and every other key falls back to the base (ADR 126). No respondent: the base alone.
 */
export function overlayTranslate(translate: Translate, respondent: string | null | undefined): Translate {
  if (!respondent) return translate;
  const prefix = `${OVERLAYS_KEY}.${respondent}.`;
  return (lang, ns, key, params) =>
    translate(lang, ns, prefix + key, params) ?? translate(lang, ns, key, params);
}
