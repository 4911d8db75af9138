export {
  currentLanguage,
  i18n,
  i18nReady,
  initialLanguage,
  LANGUAGE_STORAGE_KEY,
  type Lang,
  loadInterfaceTexts,
  prepareLanguageWith,
  SUPPORTED_LANGUAGES,
  setLanguage,
  useInterfaceTexts,
} from './i18n';
export { LanguageSwitcher } from './language-switcher';
