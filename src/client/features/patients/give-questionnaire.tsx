import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Lang } from '../../../forms/types';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { isApiError } from '../../lib/api-error';
import { textIn, useQuestionnaireLibrary } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { useGiveQuestionnaire } from './api/give-questionnaire';

/** Choose a questionnaire and the language it is filled in, then fill it now: a new draft, opened at once. */
export function GiveQuestionnaire({ clientId }: { clientId: string }) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const navigate = useNavigate();
  const library = useQuestionnaireLibrary();
  const give = useGiveQuestionnaire();
  const [questionnaireId, setQuestionnaireId] = useState('');
  const [language, setLanguage] = useState<Lang>(lang);
  const selectId = useId();
  const languageName = useId();
  const chosen = questionnaireId || library.data?.[0]?.id || '';

  const start = () => {
    if (!chosen) return;
    give.mutate(
      { clientId, questionnaireId: chosen, language },
      { onSuccess: (created) => navigate(`/patients/${clientId}/responses/${created.id}`) },
    );
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
          value={chosen}
          onChange={(event) => setQuestionnaireId(event.target.value)}
          disabled={library.isPending}
          className="min-h-11 w-full max-w-md rounded-md border border-slate-500 bg-white px-3 py-2 text-base"
        >
          {library.data?.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {textIn(entry.title, lang)}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="mb-1 font-semibold text-slate-900">{t('give.language')}</legend>
        <div className="flex gap-4">
          {(['en', 'tr'] as const).map((option) => (
            <label key={option} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={languageName}
                value={option}
                checked={language === option}
                onChange={() => setLanguage(option)}
                className="h-5 w-5"
              />
              {t(`languages.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {give.isError && (
        <Alert tone="error" role="alert" title={t('give.failed')}>
          {isApiError(give.error) ? give.error.message : null}
        </Alert>
      )}
      <Button onClick={start} loading={give.isPending} loadingText={t('give.starting')} disabled={!chosen}>
        {t('give.start')}
      </Button>
    </div>
  );
}
