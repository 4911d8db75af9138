import { useTranslation } from 'react-i18next';
import { isLang } from '../../forms/locales';
import type { Lang } from '../../forms/types';

/** The page's language as one of ours. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLang(language) ? language : 'en';
}
