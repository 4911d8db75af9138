export {
  currentLanguage,
  i18n,
  initialLanguage,
  LANGUAGE_STORAGE_KEY,
  type Lang,
  SUPPORTED_LANGUAGES,
  setLanguage,
} from './i18n';
export { LanguageSwitcher } from './language-switcher';
export { createRjsfTranslator } from './rjsf-translator';
