import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The respondent page's words for the one who answers: a language that addresses a young person otherwise than
 * an adult (Turkish "sen" against "siz", locales/tr/README.md) words them under `_respondents.<respondent>` in
 * `respond.json`; every other text, and every other language, is the page's own.
 */
export function useRespondentWords(respondent: string | null | undefined) {
  const { t } = useTranslation('respond');
  return useCallback(
    (key: string, params?: Record<string, unknown>): string =>
      respondent ? t([`_respondents.${respondent}.${key}`, key], params) : t(key, params),
    [t, respondent],
  );
}
