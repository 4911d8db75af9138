export {
  i18n,
  i18nReady,
  LANGUAGE_STORAGE_KEY,
  type Lang,
  loadInterfaceTexts,
  prepareLanguageWith,
  setLanguage,
  useInterfaceTexts,
} from './i18n';
export { LanguageSwitcher } from './language-switcher';
