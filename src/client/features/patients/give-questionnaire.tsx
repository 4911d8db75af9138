import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Lang } from '../../../forms/types';
import { ERROR_CODES, outsideAgeRange, type QuestionnaireRespondent } from '../../../shared';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { isApiError } from '../../lib/api-error';
import { textIn, useQuestionnaireLibrary } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { AgeWarning } from './age-warning';
import { useGiveQuestionnaire } from './api/give-questionnaire';
import { LanguageChoice } from './language-choice';
import { RespondentChoice } from './respondent-choice';

/**
 * Choose a questionnaire, who answers it and the language it is filled in, then fill it now: a new draft, opened at
 * once. Outside the questionnaire's age range (by the client's birth date) the practitioner confirms first.
 */
export function GiveQuestionnaire({
  clientId,
  clientAge,
  chosen: chosenBefore,
}: {
  clientId: string;
  clientAge: number | null;
  /** Chosen in the library ('Give to a client'): selected, and the field takes focus. */
  chosen?: string;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const navigate = useNavigate();
  const library = useQuestionnaireLibrary();
  const give = useGiveQuestionnaire();
  const [questionnaireId, setQuestionnaireId] = useState(chosenBefore ?? '');
  const [language, setLanguage] = useState<Lang>(lang);
  const [respondent, setRespondent] = useState<QuestionnaireRespondent | ''>('');
  const [respondentMissing, setRespondentMissing] = useState(false);
  const choicesRef = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  // arriving from the library, the practitioner continues here: the choice made there, in view
  useEffect(() => {
    if (chosenBefore && !library.isPending) selectRef.current?.focus();
  }, [chosenBefore, library.isPending]);
  const selectId = useId();
  const agesId = useId();
  const chosen = questionnaireId || library.data?.[0]?.id || '';
  const entry = library.data?.find((e) => e.id === chosen);
  const outside = entry !== undefined && outsideAgeRange(clientAge, entry.ageRange);
  // the only respondent of a questionnaire is chosen already; a choice another questionnaire lacks is none
  const respondents = entry?.respondents ?? [];
  const who: QuestionnaireRespondent | '' =
    respondents.length === 1
      ? respondents[0]!
      : respondent !== '' && respondents.includes(respondent)
        ? respondent
        : '';
  // a questionnaire not yet translated is filled in the language it has (ADR 111)
  const fillLanguage =
    !entry || entry.languages.includes(language) ? language : (entry.languages[0] ?? language);
  // the server asks for the confirmation too (its own reading of the birth date): that is a warning, not a failure
  const askedToConfirm = isApiError(give.error) && give.error.code === ERROR_CODES.AGE_OUTSIDE_RANGE;

  const start = (ageOverride: boolean) => {
    if (!chosen) return;
    if (!who) {
      setRespondentMissing(true);
      choicesRef.current?.querySelector('input')?.focus();
      return;
    }
    if (outside && !ageOverride) {
      setConfirming(true);
      return;
    }
    give.mutate(
      {
        clientId,
        questionnaireId: chosen,
        respondent: who,
        language: fillLanguage,
        ...(ageOverride ? { ageOverride } : {}),
      },
      {
        onSuccess: (created) => navigate(`/patients/${clientId}/responses/${created.id}`),
        onError: (error) => {
          if (isApiError(error) && error.code === ERROR_CODES.AGE_OUTSIDE_RANGE) setConfirming(true);
        },
      },
    );
  };
  const chooseAnother = () => {
    setConfirming(false);
    give.reset();
    selectRef.current?.focus();
  };

  if (library.isError) return <Alert tone="error" role="none" title={t('library.loadFailed')} />;
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={selectId} className="mb-1 block font-semibold text-slate-900">
          {t('give.questionnaire')}
        </label>
        <select
          id={selectId}
          ref={selectRef}
          value={chosen}
          onChange={(event) => {
            setQuestionnaireId(event.target.value);
            setConfirming(false);
            setRespondentMissing(false);
            give.reset();
          }}
          disabled={library.isPending}
          aria-describedby={entry ? agesId : undefined}
          className="min-h-11 w-full max-w-md rounded-md border border-slate-500 bg-white px-3 py-2 text-base"
        >
          {library.data?.map((option) => (
            <option key={option.id} value={option.id}>
              {textIn(option.title, lang)}
            </option>
          ))}
        </select>
        {entry && (
          <p id={agesId} className="mt-1 text-sm text-slate-700">
            {t('give.ages', { min: entry.ageRange.min, max: entry.ageRange.max })}
          </p>
        )}
      </div>
      {respondents.length > 0 && (
        <div ref={choicesRef}>
          <RespondentChoice
            value={who}
            onChange={(chosenRespondent) => {
              setRespondent(chosenRespondent);
              setRespondentMissing(false);
            }}
            respondents={respondents}
            missing={respondentMissing && !who}
          />
        </div>
      )}
      <LanguageChoice value={fillLanguage} onChange={setLanguage} languages={entry?.languages} />
      {give.isError && !askedToConfirm && (
        <Alert tone="error" role="alert" title={t('give.failed')}>
          {isApiError(give.error) ? give.error.message : null}
        </Alert>
      )}
      {confirming && entry ? (
        <AgeWarning
          questionnaire={entry}
          age={clientAge}
          confirm={t('give.ageConfirm')}
          onConfirm={() => start(true)}
          onCancel={chooseAnother}
          pending={give.isPending}
          pendingText={t('give.starting')}
        />
      ) : (
        <Button
          onClick={() => start(false)}
          loading={give.isPending}
          loadingText={t('give.starting')}
          disabled={!chosen}
        >
          {t('give.start')}
        </Button>
      )}
    </div>
  );
}
