import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../forms/types';
import { CheckAnswersPanel, FieldLink } from '../check-answers-panel';
import { fieldIdFor } from '../focus-field';

/** An item a submit found unanswered (or wrong): its data path and the message to show. */
export interface MissingAnswer {
  path: string;
  message: string;
}

/**
 * A refused submit of a questionnaire: the check-your-answers list (the intake's panel), one link per item
 * that moves focus to its first option, in the language the questionnaire is drawn in. Focused by the form when it
 * appears.
 */
export const MissingAnswers = forwardRef<
  HTMLDivElement,
  { missing: MissingAnswer[]; idPrefix: string; lang?: Lang }
>(function MissingAnswers({ missing, idPrefix, lang }, ref) {
  const { t } = useTranslation('widgets', lang ? { lng: lang } : undefined);
  return (
    <CheckAnswersPanel
      ref={ref}
      id={`${idPrefix}-check-answers`}
      title={t('questionnaire.checkAnswers.title', { count: missing.length })}
      text={t('questionnaire.checkAnswers.text')}
    >
      <ul className="mt-3 space-y-2">
        {missing.map(({ path, message }) => (
          <li key={`${path}|${message}`}>
            <FieldLink target={fieldIdFor(path, idPrefix)}>{message}</FieldLink>
          </li>
        ))}
      </ul>
    </CheckAnswersPanel>
  );
});
