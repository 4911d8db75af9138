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
import { LanguageChoice } from './language-choice';

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
      <LanguageChoice value={language} onChange={setLanguage} />
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
