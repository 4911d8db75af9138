import '../styles/respond.css';
import { isLang, type Lang } from '../../forms/types';
import { localeLoaders } from '../i18n/locale-files';
import { createDeviceCopy } from '../lib/draft/device-copy';
import { keptKey } from './progress';
import { type EarlyLinkRead, type LinkView, type Outcome, readLink, tokenFromPath } from './respond-api';
import { codeKey } from './respond-code';

// The respondent's page (ADR 096): the link is read first (no texts needed), so the page then loads its texts
// in the link's language only, and none of the account screens' code. The app's chunks are preloaded by
// respond.html (scripts/vite-respond-preload.ts) and evaluated only here, once the language is set.

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

/** The link's first read the server drew the page with (ADR 134), else none (the empty page). */
function servedRead(): Outcome<LinkView> | undefined {
  const json = document.getElementById('respond-data')?.textContent;
  if (!json) return undefined;
  try {
    return JSON.parse(json) as Outcome<LinkView>;
  } catch {
    return undefined;
  }
}

const served = servedRead();
// a coded link's page asks for its code; a tab that holds it reads the link with it, as before
const taken = served && !(served.kind === 'code' && code) ? served : undefined;
// answers this device kept while the server had not seen them draw at once (ADR 110): no hydration then
function keptUnsaved(): boolean {
  try {
    return createDeviceCopy(globalThis.localStorage, keptKey(token)).load()?.pending === true;
  } catch {
    return false;
  }
}
const root = document.getElementById('root')!;
const hydrate = taken !== undefined && !keptUnsaved() && root.hasChildNodes();

void (taken ? Promise.resolve(taken) : readLink(token, code, early)).then(async (first) => {
  const fromLink =
    first.kind === 'ok' ? first.value.language : 'language' in first ? first.language : undefined;
  const browser: Lang = navigator.language.toLowerCase().startsWith('tr') ? 'tr' : 'en';
  const lang: Lang = isLang(fromLink) ? fromLink : browser;
  document.documentElement.dataset.pageLanguage = lang;
  document.documentElement.lang = lang;
  // the texts the first screen draws start now, beside the app's evaluation: i18n's loaders share these fetches
  for (const namespace of FIRST_NAMESPACES)
    void localeLoaders[`/locales/${lang}/${namespace}.json`]?.().catch(() => undefined);
  // the questionnaire's schema, validator and texts start now too, not once React and the app are evaluated
  const questionnaire = first.kind === 'ok' ? first.value.questionnaire : undefined;
  const questionnaireReady = questionnaire
    ? import('../forms/questionnaire-engine').then(({ formsReady }) =>
        formsReady({ forms: [{ form: questionnaire.formId, version: questionnaire.version }] }, lang),
      )
    : Promise.resolve();
  const { mountRespondent } = await import('./respond-app');
  mountRespondent(root, { token, code, first }, questionnaireReady, hydrate);
});
