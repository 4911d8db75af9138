import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { QuestionnaireDefinition } from '../../../forms/questionnaires';
import { LANGS, type Lang } from '../../../forms/types';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { LeaveDialog } from '../../components/leave-dialog';
import { PageHeader } from '../../components/page-header';
import { SaveStatus } from '../../components/save-status';
import { LoadingBlock } from '../../components/spinner';
import { toast } from '../../components/toast';
import { QuestionnaireForm } from '../../forms/questionnaire/questionnaire-form';
import { ScoreSummary } from '../../forms/questionnaire/score-summary';
import { useLeaveGuard } from '../../lib/draft/use-leave-guard';
import { useOnline } from '../../lib/draft/use-online';
import {
  useQuestionnaireDefinition,
  useQuestionnaireLibrary,
  useQuestionnaireWords,
} from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { useChangeLanguage } from './api/change-language';
import { useGiveQuestionnaire } from './api/give-questionnaire';
import { useResponse } from './api/response-calls';
import type { Answers, ResponseView } from './api/types';
import { FormLanguage } from './form-language';
import { useResponseDraft } from './use-response-draft';

/** /patients/:clientId/responses/:responseId: fill a draft in session, or read a submitted response's scores. */
export function ResponsePage() {
  const { clientId, responseId } = useParams();
  const { t } = useTranslation('questionnaires');
  const response = useResponse(responseId);
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
  response: ResponseView;
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
  response: ResponseView;
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
        respondent={response.respondent}
      />
    </>
  );
}

function DraftResponse({
  response,
  definition,
}: {
  response: ResponseView;
  definition: QuestionnaireDefinition;
}) {
  const { t } = useTranslation('questionnaires');
  const online = useOnline();
  const [refused, setRefused] = useState<Record<string, string>>();
  const [saving, setSaving] = useState(false);
  const { draft, state, submit, reload } = useResponseDraft(response);
  const blocker = useLeaveGuard(() => {
    const now = draft.getState();
    return now.dirty && !now.submitting;
  });
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

  // the Save button saves now what the auto-save would save soon (the intake has one too)
  const saveDraft = async () => {
    setSaving(true);
    await draft.flush();
    setSaving(false);
    const now = draft.getState();
    if (now.conflict || now.closed) return;
    if (now.dirty) toast.error(t('fill.saveFailed'));
    else toast.success(t('fill.saved'));
  };
  // the form checks every shown answer first (full mode); the server checks again (422 lists them) and scores
  const submitNow = async (shown: Answers) => {
    setRefused(undefined);
    const outcome = await submit(shown);
    // a refusal naming items is the check-your-answers list; anything else a toast
    if (outcome.kind === 'refused') {
      if (outcome.fields) setRefused(outcome.fields);
      else toast.error(outcome.message ?? t('fill.saveFailed'));
    }
  };
  const reloadAnswers = () => void reload().catch(() => toast.error(t('fill.conflict.reloadFailed')));

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
      {state.conflict && (
        <Alert
          tone="error"
          className="mb-6"
          title={t('fill.conflict.title')}
          actions={
            <>
              <Button onClick={() => void draft.overwrite()}>{t('fill.conflict.overwrite')}</Button>
              <Button variant="secondary" onClick={reloadAnswers}>
                {t('fill.conflict.reload')}
              </Button>
            </>
          }
        >
          {t('fill.conflict.text')}
        </Alert>
      )}
      {state.closed && (
        <Alert
          tone="error"
          className="mb-6"
          title={t('fill.conflict.submittedTitle')}
          actions={<Button onClick={reloadAnswers}>{t('fill.conflict.viewSubmitted')}</Button>}
        >
          {t('fill.conflict.submittedText')}
        </Alert>
      )}
      <QuestionnaireForm
        questionnaire={definition}
        lang={fillLang}
        respondent={response.respondent}
        value={state.answers}
        onChange={draft.change}
        onSubmit={(shown) => void submitNow(shown)}
        idPrefix="fill"
        refused={refused}
      >
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button
            type="submit"
            loading={state.submitting && !state.failed}
            loadingText={t('fill.submitting')}
            disabled={state.submitting}
          >
            {t('fill.submit')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void saveDraft()}
            loading={saving}
            loadingText={t('fill.saving')}
            disabled={state.submitting}
          >
            {t('fill.saveDraft')}
          </Button>
        </div>
        {state.submitting && state.failed && (
          <p role="alert" className="mt-2 font-semibold text-amber-900">
            {t('fill.submitQueued')}
          </p>
        )}
        <div className="mt-2 text-sm">
          <SaveStatus
            id="fill-save-status"
            words="questionnaires:fill.status"
            saving={state.saving}
            failed={state.failed}
            invalid={false}
            conflict={state.conflict !== null || state.closed}
            redirecting={false}
            dirty={state.dirty}
            offline={!online}
            lastSavedAt={state.lastSavedAt}
          />
        </div>
      </QuestionnaireForm>
      <LeaveDialog blocker={blocker} words="questionnaires:fill.leave" />
    </>
  );
}
