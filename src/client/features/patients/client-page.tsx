import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { AttentionMarker } from '../../components/attention-marker';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { IntakeSubmittedNotice } from '../../components/intake-submitted-notice';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { useFormEngine } from '../../forms/engine-context';
import { formatDate } from '../../lib/format-date';
import { textIn, useQuestionnaireLibrary } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { ClientSchedules } from '../schedules';
import { useClient } from './api/get-client';
import { useClientLinks, useNewResults } from './api/links';
import type { ClientView } from './api/types';
import { ClientAlerts } from './client-alerts';
import { DownloadScoresButton } from './download-scores-button';
import { ExportAnswers } from './export-answers';
import { FhirDownloadButton } from './fhir-download-button';
import { GIVE_PARAM } from './give-path';
import { GiveQuestionnaire } from './give-questionnaire';
import { attentionResponses } from './new-results';
import { RespondentLinks } from './respondent-links';

/** /patients/:clientId: who the client is, the intake, the questionnaires given and their results. */
export function ClientPage() {
  const { clientId } = useParams();
  const { t } = useTranslation('questionnaires');
  const client = useClient(clientId);
  if (client.isPending) return <LoadingBlock />;
  if (client.isError) {
    return (
      <Alert
        tone="error"
        role="none"
        title={t('client.notFound')}
        actions={
          <ButtonLink to="/patients" variant="secondary">
            {t('client.back')}
          </ButtonLink>
        }
      />
    );
  }
  return <ClientScreen client={client.data} />;
}

function ClientScreen({ client }: { client: ClientView }) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const library = useQuestionnaireLibrary();
  const links = useClientLinks(client.id);
  // a draft whose link was closed or locked is no longer being filled: it is opened, not continued
  const closedLinks = new Map(
    links.data
      ?.filter((l) => l.state === 'revoked' || l.state === 'locked')
      .map((l) => [l.responseId, l.state]),
  );
  const fillable = (r: ClientView['responses'][number]) => r.status === 'draft' && !closedLinks.has(r.id);
  const needsAttention = attentionResponses(useNewResults().data);
  // from the library's 'Give to a client': that questionnaire is chosen already
  const chosenInLibrary = useSearchParams()[0].get(GIVE_PARAM) ?? undefined;
  const name = client.name || t('patients.unnamed');
  const titleOf = (id: string) => {
    const entry = library.data?.find((e) => e.id === id);
    return entry ? textIn(entry.title, lang) : id;
  };

  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title={name}
        description={
          client.age === null ? t('patients.ageUnknown') : t('patients.age', { count: client.age })
        }
      />
      <Link to="/patients" className="inline-flex min-h-11 items-center">
        {t('client.back')}
      </Link>
      <IntakeSubmittedNotice />
      <ClientAlerts clientId={client.id} />
      <Card title={t('client.intake')}>
        <IntakeSections client={client} />
      </Card>
      <Card title={t('client.give')}>
        <GiveQuestionnaire clientId={client.id} clientAge={client.age} chosen={chosenInLibrary} />
      </Card>
      <Card title={t('links.title')}>
        <RespondentLinks clientId={client.id} />
      </Card>
      <ClientSchedules clientId={client.id} />
      <Card title={t('client.given')}>
        {client.responses.length === 0 ? (
          <p className="text-slate-700">{t('client.noneGiven')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {[...client.responses].reverse().map((response) => (
              <li key={response.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  {needsAttention.has(response.id) && (
                    <AttentionMarker>{t('client.attention')}</AttentionMarker>
                  )}
                  <p className="font-semibold text-slate-900">{titleOf(response.questionnaireId)}</p>
                  <p className="text-sm text-slate-700">
                    {response.status === 'submitted'
                      ? t('client.submittedOn', { date: formatDate(response.submittedAt, lang) })
                      : t('client.draftSince', { date: formatDate(response.updatedAt, lang) })}
                    {' · '}
                    {t(`languages.${response.language}`)}
                    {closedLinks.has(response.id)
                      ? ` · ${t(`links.states.${closedLinks.get(response.id)}`)}`
                      : ''}
                    {response.replaces ? ` · ${t('client.correction')}` : ''}
                    {response.respondent
                      ? ` · ${t('links.answeredBy', { who: t(`respondents.${response.respondent}`) })}`
                      : ''}
                  </p>
                </div>
                <ButtonLink
                  to={`/patients/${client.id}/responses/${response.id}`}
                  variant={fillable(response) ? 'primary' : 'secondary'}
                  aria-label={t('client.actionFor', {
                    action: fillable(response) ? t('client.continue') : t('client.open'),
                    title: titleOf(response.questionnaireId),
                    date: formatDate(response.submittedAt ?? response.updatedAt, lang),
                  })}
                >
                  {fillable(response) ? t('client.continue') : t('client.open')}
                </ButtonLink>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('client.results')}>
        {client.results.length === 0 ? (
          <p className="text-slate-700">{t('client.noResults')}</p>
        ) : (
          <ul className="space-y-2">
            {client.results.map((entry) => (
              <li key={entry.questionnaireId} className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  to={`/patients/${client.id}/results/${entry.questionnaireId}`}
                  className="inline-flex min-h-11 items-center"
                >
                  {t('client.resultsOf', {
                    title: titleOf(entry.questionnaireId),
                    count: entry.responses.length,
                  })}
                </Link>
                <ExportAnswers
                  clientId={client.id}
                  questionnaireId={entry.questionnaireId}
                  title={titleOf(entry.questionnaireId)}
                />
              </li>
            ))}
          </ul>
        )}
        <DownloadScoresButton clientId={client.id} className="mt-4" disabled={client.results.length === 0} />
        <FhirDownloadButton clientId={client.id} className="mt-3" disabled={client.results.length === 0} />
      </Card>
    </div>
  );
}

/** The intake's status and each section's state, with the way into the intake itself. */
function IntakeSections({ client }: { client: ClientView }) {
  const { t } = useTranslation(['questionnaires', 'privacy']);
  const lang = useLang();
  const parts = useFormEngine().registry.manifest('intake').parts;
  const engine = useFormEngine({ texts: parts.map((part) => part.form) });
  return (
    <>
      <p className="mb-2">
        {t(`intakeStatus.${client.intake.status}`)}
        {' · '}
        {t('client.updated', { date: formatDate(client.intake.updatedAt, lang) })}
      </p>
      <ul className="mb-4 flex flex-wrap gap-x-4 gap-y-1">
        {parts.map((part) => {
          const state = client.intake.sectionStates[part.key] ?? 'empty';
          return (
            <li key={part.key} data-state={state}>
              <span aria-hidden="true">
                {state === 'complete' ? '✓ ' : state === 'in_progress' ? '◐ ' : '○ '}
              </span>
              {engine.t(lang, part.form, '_form.shortTitle')}
              <span className="sr-only"> ({t(`sectionStates.${state}`)})</span>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <ButtonLink to={`/client-intake/${client.id}/summary`} variant="secondary">
          {t('client.intakeSummary')}
        </ButtonLink>
        <ButtonLink to={`/client-intake/${client.id}/access-history`} variant="secondary">
          {t('privacy:history.open')}
        </ButtonLink>
        <ButtonLink to="/client-intake-list" variant="secondary">
          {t('patients.intakeList')}
        </ButtonLink>
      </div>
    </>
  );
}
