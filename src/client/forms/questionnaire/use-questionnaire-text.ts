import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang } from '../../../forms/locales';
import { DEFAULT_LANG, type Lang } from '../../../forms/types';
import { useFormEngine } from '../engine-context';

/** What the questionnaire components need of a questionnaire: its form id (the locale namespace). */
export interface QuestionnaireRef {
  formId: string;
}

/**
 * A questionnaire's own words (`locales/<lang>/questionnaires/<id>.json`) in the page's language, and the
 * language itself; suspends while they load. `text` answers a missing key with the key, `optionalText` with
 * undefined (for words a questionnaire may leave out).
 */
export function useQuestionnaireText(questionnaire: QuestionnaireRef): {
  lang: Lang;
  text: (key: string) => string;
  optionalText: (key: string) => string | undefined;
} {
  const engine = useFormEngine({ texts: [questionnaire.formId] });
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const lang = isLang(language) ? language : DEFAULT_LANG;
  const text = useCallback(
    (key: string) => engine.t(lang, questionnaire.formId, key),
    [engine, lang, questionnaire.formId],
  );
  const optionalText = useCallback(
    (key: string) => engine.translate(lang, questionnaire.formId, key),
    [engine, lang, questionnaire.formId],
  );
  return { lang, text, optionalText };
}
