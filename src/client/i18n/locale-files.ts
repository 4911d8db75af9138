/**
 * The interface's locale files (`locales/<lang>/<ns>.json`), one loader per language and namespace (Vite
 * glob): a page fetches the namespaces it uses in the language in use (ADR 007); saving one hot-updates it.
 * Per-form files are the form engine's (src/client/forms/locale-files.ts); `errors` and `mail` are the
 * server's and never reach the browser.
 */
export const localeLoaders = import.meta.glob<unknown>(
  ['/locales/*/*.json', '!/locales/*/errors.json', '!/locales/*/mail.json'],
  { import: 'default' },
);
