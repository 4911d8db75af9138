/**
 * The widgets' and templates' texts (`locales/<lang>/widgets.json`), resolved once per language and key.
 * SchemaForm provides one per language; a template or widget calling `useTranslation` instead would run
 * i18next's lookups on every render of every field (the profile of issue 6 found ~2.5 ms a key at 4x).
 */
import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import { getI18n } from 'react-i18next';

/** `t` of the `widgets` namespace: key and interpolation options, as i18next takes them. */
export type FormText = ((key: string, options?: Record<string, unknown>) => string) & {
  /**
   * A text with values that change on every key (the counter): the template is looked up once, then its
   * `{{name}}` placeholders are filled here. Only for keys without plural forms or formatting.
   */
  fill: (key: string, values: Record<string, string | number>) => string;
};

/** Past this many distinct (key, options) pairs the cache starts over: counters make many. */
const CACHE_LIMIT = 1000;

/** Caches `t`'s answers; `t` is a fixed-language function (`i18n.getFixedT(lang, 'widgets')`). */
export function createFormText(t: TFunction): FormText {
  const cache = new Map<string, string>();
  const templates = new Map<string, string>();
  const text = (key: string, options?: Record<string, unknown>) => {
    const cacheKey = options ? `${key}\u0000${JSON.stringify(options)}` : key;
    let found = cache.get(cacheKey);
    if (found === undefined) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      found = String(options ? t(key, options) : t(key));
      cache.set(cacheKey, found);
    }
    return found;
  };
  const fill = (key: string, values: Record<string, string | number>) => {
    let template = templates.get(key);
    if (template === undefined) {
      template = String(t(key, { skipInterpolation: true }));
      templates.set(key, template);
    }
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
  return Object.assign(text, { fill });
}

const FormTextContext = createContext<FormText | null>(null);

/** Set by SchemaForm with one `createFormText` per language. */
export const FormTextProvider = FormTextContext.Provider;

let fallback: { t: TFunction; text: FormText } | undefined;

/** The texts of the form's language; outside a SchemaForm, those of the app's current language. */
export function useFormText(): FormText {
  const provided = useContext(FormTextContext);
  if (provided) return provided;
  const t = getI18n().getFixedT(null, 'widgets');
  if (fallback?.t !== t) fallback = { t, text: createFormText(t) };
  return fallback.text;
}
