import type { Engine } from '../forms/engine';
import type { Lang } from '../forms/types';

/**
 * The request's language from Accept-Language: the first of en/tr by preference, English otherwise.
 * `tr-TR;q=0.9, en;q=0.8` is Turkish.
 */
export function negotiateLanguage(header: string | string[] | undefined): Lang {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { lang: Lang; q: number } | undefined;
  for (const part of text.split(',').slice(0, 20)) {
    const [range = '', ...attributes] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (primary !== 'en' && primary !== 'tr') continue;
    const qAttribute = attributes.map((a) => a.trim()).find((a) => a.startsWith('q='));
    const q = qAttribute ? Number(qAttribute.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'en';
}

export function asLang(value: string | null | undefined): Lang {
  return value === 'tr' ? 'tr' : 'en';
}

export type Translator = (lang: Lang, key: string, params?: Record<string, unknown>) => string;

/** Translates keys of one namespace (`errors` or `mail`) through the form engine's i18n. */
export function translatorFor(engine: Engine, ns: 'errors' | 'mail'): Translator {
  return (lang, key, params) => engine.t(lang, ns, key, params);
}
