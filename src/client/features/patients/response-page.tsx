import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { QuestionnaireDefinition } from '../../../forms/questionnaires';
import { LANGS, type Lang } from '../../../forms/types';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { toast } from '../../components/toast';
import { QuestionnaireForm } from '../../forms/questionnaire/questionnaire-form';
import { ScoreSummary } from '../../forms/questionnaire/score-summary';
import { isApiError } from '../../lib/api-error';
import {
  useQuestionnaireDefinition,
  useQuestionnaireLibrary,
  useQuestionnaireWords,
} from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { useChangeLanguage } from './api/change-language';
import { useGiveQuestionnaire } from './api/give-questionnaire';
import { useResponse, useSaveDraft, useSubmitResponse } from './api/response-calls';
import type { Answers, ResponseRecord } from './api/types';
import { FormLanguage } from './form-language';
import { useAttentionSeen } from './use-attention-seen';

/** /patients/:clientId/responses/:responseId: fill a draft in session, or read a submitted response's scores. */
export function ResponsePage() {
  const { clientId, responseId } = useParams();
  const { t } = useTranslation('questionnaires');
  const response = useResponse(responseId);
  useAttentionSeen(responseId, response.data?.status === 'submitted', response.refetch);
  const definition = useQuestionnaireDefinition(
    response.data?.questionnaireId,
    response.data?.questionnaireVersion,
    response.data?.scoringVersion,
  );
  if (response.isPending || (response.data && definition.isPending)) return <LoadingBlock />;
  if (response.isError || definition.isError || !response.data || !definition.data) {
    return (
      <Alert
        tone="error"
        role="none"
        title={t('fill.notFound')}
        actions={
          <ButtonLink to={`/patients/${clientId ?? ''}`} variant="secondary">
            {t('fill.backToClient')}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <ResponseScreen
      key={`${response.data.id}:${response.data.status}`}
      response={response.data}
      definition={definition.data}
    />
  );
}

function ResponseScreen({
  response,
  definition,
}: {
  response: ResponseRecord;
  definition: QuestionnaireDefinition;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const engine = useQuestionnaireWords(definition);
  const title = engine.t(lang, definition.formId, '_form.title');
  const back = `/patients/${response.clientId}`;
  const submitted = response.status === 'submitted';

  return (
    <article className="max-w-3xl">
      <PageHeader
        title={title}
        description={submitted ? t('fill.submittedDescription') : t('fill.description')}
      />
      <p className="mb-6">
        <Link to={back} className="inline-flex min-h-11 items-center">
          {t('fill.backToClient')}
        </Link>
      </p>
      {submitted ? (
        <SubmittedResponse response={response} definition={definition} />
      ) : (
        <DraftResponse response={response} definition={definition} />
      )}
    </article>
  );
}

/** The languages a questionnaire can be drawn in, as the library lists them (both while it loads). */
function useLanguagesOf(questionnaireId: string): readonly Lang[] {
  const library = useQuestionnaireLibrary();
  return library.data?.find((entry) => entry.id === questionnaireId)?.languages ?? LANGS;
}

function SubmittedResponse({
  response,
  definition,
}: {
  response: ResponseRecord;
  definition: QuestionnaireDefinition;
}) {
  const { t } = useTranslation('questionnaires');
  const navigate = useNavigate();
  const give = useGiveQuestionnaire();
  // shown as it was given; the other language is a tap away (ADR 111)
  const [readIn, setReadIn] = useState<Lang>(response.language);
  const languages = useLanguagesOf(response.questionnaireId);
  const correct = () =>
    give.mutate(
      {
        clientId: response.clientId,
        questionnaireId: response.questionnaireId,
        language: response.language,
        replaces: response.id,
      },
      {
        onSuccess: (created) => navigate(`/patients/${response.clientId}/responses/${created.id}`),
        onError: () => toast.error(t('give.failed')),
      },
    );
  return (
    <>
      <section className="mb-8">
        {response.result && <ScoreSummary result={response.result} questionnaire={definition} />}
        <p className="mt-2 text-sm text-slate-700">
          {t('fill.scoredWith', { form: response.questionnaireVersion, scoring: response.scoringVersion })}
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <ButtonLink to={`/patients/${response.clientId}/results/${response.questionnaireId}`}>
            {t('fill.seeResults')}
          </ButtonLink>
          <Button variant="secondary" onClick={correct} loading={give.isPending}>
            {t('fill.correct')}
          </Button>
        </div>
        <p className="mt-2 max-w-prose text-sm text-slate-700">{t('fill.correctHint')}</p>
      </section>
      <h2 className="mb-3 text-xl font-semibold text-slate-900">{t('fill.answers')}</h2>
      <FormLanguage
        legend={t('fill.readIn')}
        hint={t('fill.givenIn', { language: t(`languages.${response.language}`) })}
        value={readIn}
        languages={languages}
        onChange={setReadIn}
      />
      <QuestionnaireForm
        questionnaire={definition}
        value={response.answers}
        onChange={() => {}}
        readOnly
        idPrefix="submitted"
        lang={readIn}
      />
    </>
  );
}

function DraftResponse({
  response,
  definition,
}: {
  response: ResponseRecord;
  definition: QuestionnaireDefinition;
}) {
  const { t } = useTranslation('questionnaires');
  const [answers, setAnswers] = useState<Answers>(response.answers);
  const [version, setVersion] = useState(response.version);
  const [dirty, setDirty] = useState(false);
  const [refused, setRefused] = useState<Record<string, string>>();
  const save = useSaveDraft();
  const submit = useSubmitResponse();
  const [fillLang, setFillLang] = useState<Lang>(response.language);
  const changeLanguage = useChangeLanguage();
  const languages = useLanguagesOf(response.questionnaireId);
  // the questionnaire switches at once; the response keeps the language the server stored
  const chooseLanguage = (language: Lang) => {
    const before = fillLang;
    setFillLang(language);
    changeLanguage.mutate(
      { id: response.id, language },
      {
        onError: () => {
          setFillLang(before);
          toast.error(t('fill.languageFailed'));
        },
      },
    );
  };

  const failed = (error: unknown) => {
    // a refusal naming items is the check-your-answers list; anything else a toast
    if (isApiError(error) && error.fields) setRefused(error.fields);
    else toast.error(isApiError(error) ? error.message : t('fill.saveFailed'));
  };
  const saveDraft = () =>
    save.mutate(
      { id: response.id, answers, version },
      {
        onSuccess: (saved) => {
          setVersion(saved.version);
          setDirty(false);
          toast.success(t('fill.saved'));
        },
        onError: failed,
      },
    );
  // the form checks every shown answer first (full mode); the server checks again (422 lists them) and scores
  const submitNow = (shown: Answers) =>
    submit.mutate({ id: response.id, answers: shown, version }, { onError: failed });

  return (
    <>
      <FormLanguage
        legend={t('fill.formLanguage')}
        hint={t('fill.formLanguageHint')}
        value={fillLang}
        languages={languages}
        onChange={chooseLanguage}
        disabled={changeLanguage.isPending}
      />
      <QuestionnaireForm
        questionnaire={definition}
        lang={fillLang}
        value={answers}
        onChange={(next: Answers) => {
          setAnswers(next);
          setDirty(true);
        }}
        onSubmit={submitNow}
        idPrefix="fill"
        refused={refused}
      >
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button type="submit" loading={submit.isPending} loadingText={t('fill.submitting')}>
            {t('fill.submit')}
          </Button>
          <Button
            variant="secondary"
            onClick={saveDraft}
            loading={save.isPending}
            loadingText={t('fill.saving')}
          >
            {t('fill.saveDraft')}
          </Button>
        </div>
        <p className="mt-2 text-sm text-slate-700" aria-live="polite">
          {dirty ? t('fill.unsaved') : t('fill.allSaved')}
        </p>
      </QuestionnaireForm>
    </>
  );
}
