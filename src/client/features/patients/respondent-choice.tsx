import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireRespondent } from '../../../shared';

/**
 * Who answers the questionnaire, as radio buttons: the respondents it lists (ADR 125). Their wording, items and
 * norms apply; a questionnaire for one respondent has it chosen already.
 */
export function RespondentChoice({
  value,
  onChange,
  respondents,
  missing,
}: {
  value: QuestionnaireRespondent | '';
  onChange: (respondent: QuestionnaireRespondent) => void;
  respondents: readonly QuestionnaireRespondent[];
  /** Start was pressed with none chosen: the error is said between the hint and the choices. */
  missing: boolean;
}) {
  const { t } = useTranslation('questionnaires');
  const name = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <fieldset aria-describedby={missing ? `${hintId} ${errorId}` : hintId}>
      <legend className="font-semibold text-slate-900">{t('give.respondent')}</legend>
      <p id={hintId} className="text-sm text-slate-700">
        {t('give.respondentHint')}
      </p>
      {missing && (
        <p id={errorId} className="mt-1 font-semibold text-red-700">
          <span aria-hidden="true">⚠ </span>
          {t('give.respondentMissing')}
        </p>
      )}
      <div className={`mt-1 flex flex-wrap gap-x-4 ${missing ? 'border-l-4 border-red-700 pl-3' : ''}`}>
        {respondents.map((option) => (
          <label key={option} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              aria-invalid={missing || undefined}
              className="h-5 w-5"
            />
            {t(`respondents.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
