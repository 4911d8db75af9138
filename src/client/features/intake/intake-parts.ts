import { useTranslation } from 'react-i18next';
import { isLang, type Lang, type ManifestPart } from '../../../forms';
import { useFormEngine } from '../../forms/engine-context';

export { sectionPath, summaryPath } from './intake-paths';

/** The intake's sections in order, with their slugs: schemas/intake/manifest.json. */
export function useIntakeParts(): ManifestPart[] {
  return useFormEngine().registry.manifest('intake').parts;
}

/** The page language as the engine's Lang. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLang(language) ? language : 'en';
}

/** A form's own words (`_form.title`, `_form.shortTitle`, `_form.description`) in the page language. */
export function useFormText() {
  // every section's titles, as the section navigation shows them
  const engine = useFormEngine({ texts: useIntakeParts().map((part) => part.form) });
  const lang = useLang();
  return (formId: string, key: 'title' | 'shortTitle' | 'description') =>
    engine.t(lang, formId, `_form.${key}`);
}
