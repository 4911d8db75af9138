import '../styles/index.css';
import { isLang, type Lang } from '../../forms/types';
import { localeLoaders } from '../i18n/locale-files';
import { preloadNamed } from './preload';
import { type EarlyLinkRead, readLink, tokenFromPath } from './respond-api';
import { codeKey } from './respond-code';

// The respondent's page (ADR 096): it loads its texts in the link's language only, and none of the account
// screens' code. The link's address names its language (`?lang=tr`), so the texts, React and i18n start while
// the link is still being read; the language read with the link decides. The app's chunks are preloaded by
// respond.html (scripts/vite-respond-preload.ts) and evaluated once the language is set.

/** The namespaces respond.html names for i18n's start-up (`data-namespaces`). */
const FIRST_NAMESPACES = document.documentElement.dataset.namespaces?.split(' ') ?? [];

const token = tokenFromPath(window.location.pathname);
let code: string | undefined;
try {
  code = sessionStorage.getItem(codeKey(token)) ?? undefined;
} catch {
  code = undefined;
}

const early = (window as { earlyLinkRead?: EarlyLinkRead }).earlyLinkRead;

/** Fixes the page's language (i18n starts in it) and starts fetching the texts the first screen draws. */
function startLanguage(lang: Lang) {
  document.documentElement.dataset.pageLanguage = lang;
  document.documentElement.lang = lang;
  // i18n's loaders share these fetches
  for (const namespace of FIRST_NAMESPACES)
    void localeLoaders[`/locales/${lang}/${namespace}.json`]?.().catch(() => undefined);
}

const named = new URLSearchParams(window.location.search).get('lang');
const addressLang = isLang(named) ? named : undefined;
if (addressLang) startLanguage(addressLang);
// the engine's and the app's code evaluate while the link is read; without a language, the app waits for it
const engine = import('../forms/questionnaire-engine');
let app = addressLang ? import('./respond-app') : undefined;

void readLink(token, code, early).then(async (first) => {
  const fromLink =
    first.kind === 'ok' ? first.value.language : 'language' in first ? first.language : undefined;
  const browser: Lang = navigator.language.toLowerCase().startsWith('tr') ? 'tr' : 'en';
  const lang: Lang = isLang(fromLink) ? fromLink : (addressLang ?? browser);
  if (lang !== addressLang) {
    preloadNamed({ lang });
    startLanguage(lang);
  }
  // the questionnaire's schema, validator and texts start now, not once React and the engine are evaluated
  const questionnaire = first.kind === 'ok' ? first.value.questionnaire : undefined;
  if (questionnaire) preloadNamed({ lang, form: `${questionnaire.formId}@${questionnaire.version}` });
  const questionnaireReady = questionnaire
    ? engine.then(({ formsReady }) =>
        formsReady({ forms: [{ form: questionnaire.formId, version: questionnaire.version }] }, lang),
      )
    : Promise.resolve();
  app ??= import('./respond-app');
  const { mountRespondent } = await app;
  mountRespondent(document.getElementById('root')!, { token, code, first }, lang, questionnaireReady);
});
