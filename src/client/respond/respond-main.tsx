import '../styles/index.css';
import { isLang } from '../../forms/locales';
import type { Lang } from '../../forms/types';
import { readLink, tokenFromPath } from './respond-api';
import { codeKey } from './respond-code';

// The respondent's page (ADR 096): the link is read first (no texts needed), so the page then loads its texts
// in the link's language only, and none of the account screens' code.
const token = tokenFromPath(window.location.pathname);
let code: string | undefined;
try {
  code = sessionStorage.getItem(codeKey(token)) ?? undefined;
} catch {
  code = undefined;
}

void readLink(token, code).then(async (first) => {
  const fromLink =
    first.kind === 'ok' ? first.value.language : 'language' in first ? first.language : undefined;
  const browser: Lang = navigator.language.toLowerCase().startsWith('tr') ? 'tr' : 'en';
  const lang: Lang = isLang(fromLink) ? fromLink : browser;
  document.documentElement.dataset.pageLanguage = lang;
  document.documentElement.lang = lang;
  const { mountRespondent } = await import('./respond-app');
  mountRespondent(document.getElementById('root')!, { token, code, first });
});
