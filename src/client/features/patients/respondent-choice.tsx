import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireRespondent } from '../../../shared';
import { Radios } from '../../components/radios';

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
      <Radios
        name={name}
        value={value}
        onChange={onChange}
        options={respondents.map((option) => [option, t(`respondents.${option}`)] as const)}
        className={`mt-1 flex flex-wrap gap-x-4 ${missing ? 'border-l-4 border-red-700 pl-3' : ''}`}
        invalid={missing}
      />
    </fieldset>
  );
}
