import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang } from '../../../forms/locales';
import { DEFAULT_LANG, type Lang } from '../../../forms/types';
import { useFormEngine } from '../engine-context';

/** What the questionnaire components need of a questionnaire: its form id (the locale namespace). */
export interface QuestionnaireRef {
  formId: string;
}

/**
 * A questionnaire's own words (`locales/<lang>/questionnaires/<id>.json`) in `lang` (the language it is filled in,
 * ADR 111), else the page's, worded for `respondent` when the file has an overlay for them (ADR 126), and the
 * language itself; suspends while they load. `text` answers a missing key with the key, `optionalText` with
 * undefined (for words a questionnaire may leave out).
 */
export function useQuestionnaireText(
  questionnaire: QuestionnaireRef,
  lang?: Lang,
  respondent?: string | null,
): {
  lang: Lang;
  text: (key: string) => string;
  optionalText: (key: string) => string | undefined;
} {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const shown: Lang = lang ?? (isLang(language) ? language : DEFAULT_LANG);
  const needs = useMemo(
    () => ({ texts: [questionnaire.formId], langs: [shown] }),
    [questionnaire.formId, shown],
  );
  const engine = useFormEngine(needs);
  const translate = engine.translateFor(respondent);
  const optionalText = useCallback(
    (key: string) => translate(shown, questionnaire.formId, key),
    [translate, shown, questionnaire.formId],
  );
  const text = useCallback((key: string) => optionalText(key) ?? key, [optionalText]);
  return { lang: shown, text, optionalText };
}
