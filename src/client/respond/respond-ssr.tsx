/**
 * The respondent's page drawn on the server (ADR 134): the same tree, engine and widgets as in the browser,
 * in the link's language, so the first question can be answered before any script arrives. Built by Vite as
 * a server module (scripts/build-server.mjs); tests import it from source.
 */
import { createInstance, type i18n as I18n } from 'i18next';
import { prerender } from 'react-dom/static';
import { isLang } from '../../forms/locales';
import { DEFAULT_LANG, type Lang } from '../../forms/types';
import { QuestionnaireFormEngineProvider } from '../forms/questionnaire-form-engine-provider';
import { localeLoaders } from '../i18n/locale-files';
import type { LinkView, Outcome } from './respond-api';
import { RespondRoot } from './respond-root';

/** The namespaces the page draws (respond.html's `data-namespaces`). */
const NAMESPACES = ['common', 'widgets', 'respond'] as const;

/** One i18next instance per language, never the browser module's shared one: requests never share a language. */
const instances = new Map<Lang, Promise<I18n>>();

function i18nFor(lang: Lang): Promise<I18n> {
  let pending = instances.get(lang);
  if (!pending) {
    pending = (async () => {
      const texts = await Promise.all(
        NAMESPACES.map(async (ns) => [ns, await localeLoaders[`/locales/${lang}/${ns}.json`]?.()] as const),
      );
      const instance = createInstance();
      await instance.init({
        lng: lang,
        fallbackLng: false,
        supportedLngs: [lang],
        ns: [...NAMESPACES],
        defaultNS: 'common',
        resources: { [lang]: Object.fromEntries(texts.map(([ns, words]) => [ns, words ?? {}])) },
        interpolation: { escapeValue: false },
        returnNull: false,
      });
      return instance;
    })();
    pending.catch(() => instances.delete(lang));
    instances.set(lang, pending);
  }
  return pending;
}

/** The page's language: the link's (the response's fill language), else the default. */
export function languageOf(first: Outcome<LinkView>): Lang {
  const named = first.kind === 'ok' ? first.value.language : 'language' in first ? first.language : undefined;
  return isLang(named) ? named : DEFAULT_LANG;
}

/** The HTML inside the page's root for a link's first read, and its language; rejects when it cannot be drawn. */
export async function renderRespondPage(
  token: string,
  first: Outcome<LinkView>,
): Promise<{ root: string; lang: Lang }> {
  const lang = languageOf(first);
  const questionnaire = first.kind === 'ok' ? first.value.questionnaire : undefined;
  const [i18n] = await Promise.all([
    i18nFor(lang),
    QuestionnaireFormEngineProvider.preload(),
    questionnaire
      ? import('../forms/questionnaire-engine').then(({ formsReady }) =>
          formsReady({ forms: [{ form: questionnaire.formId, version: questionnaire.version }] }, lang),
        )
      : undefined,
  ]);
  // prerender waits for every suspended part: the HTML holds the whole form, never a loading block; one
  // chunk, so React outlines no boundary behind an inline script (the page's policy allows none)
  const { prelude } = await prerender(
    <RespondRoot i18n={i18n} token={token} code={undefined} first={first} />,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return { root: await new Response(prelude).text(), lang };
}
