import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AttentionMarker } from '../../components/attention-marker';
import { ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { formatDate } from '../../lib/format-date';
import { useLang } from '../../lib/use-lang';
import { DueLink, ScheduleCountBadges } from '../schedules';
import { useNewResults } from './api/links';
import { useClients } from './api/list-clients';
import type { ClientListItem } from './api/types';
import { ClientPages } from './client-pages';
import { ClientSearch, ClientsLoadFailed } from './client-search';
import { attentionByClient, newResultsByClient } from './new-results';

/** /patients: the practitioner's clients (one per intake record), searchable by name. */
export function PatientsPage() {
  const { t } = useTranslation('questionnaires');
  const [q, setQ] = useState('');
  const clients = useClients(q.trim());
  const resultsView = useNewResults().data;
  const newResults = newResultsByClient(resultsView);
  const attention = attentionByClient(resultsView);

  let body: ReactNode;
  if (clients.isPending) body = <LoadingBlock />;
  else if (clients.isError) {
    body = <ClientsLoadFailed retry={() => void clients.refetch()} />;
  } else if (clients.data.length === 0) {
    body = <p className="text-slate-700">{q.trim() ? t('patients.noMatch') : t('patients.empty')}</p>;
  } else {
    body = (
      <ClientPages
        key={q.trim()}
        items={clients.data}
        renderItem={(client) => (
          <ClientRow
            key={client.id}
            client={client}
            newResults={newResults.get(client.id) ?? 0}
            attention={(attention.get(client.id) ?? 0) > 0}
          />
        )}
      />
    );
  }

  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader title={t('patients.title')} description={t('patients.description')} />
        <div className="flex shrink-0 flex-col gap-2 sm:mt-1 sm:items-end">
          <ButtonLink to="/client-intake/new">
            <span aria-hidden="true">+</span> {t('patients.newIntake')}
          </ButtonLink>
          <Link to="/client-intake-list" className="inline-flex min-h-11 items-center text-sm">
            {t('patients.intakeList')}
          </Link>
          <DueLink />
        </div>
      </div>
      <ClientSearch value={q} onChange={setQ} />
      {body}
    </>
  );
}

/**
 * One client of the list; results that came in by link and were not looked at yet are marked in words, and a
 * response whose critical answers wait to be opened is marked apart, first (ADR 108).
 */
function ClientRow({
  client,
  newResults,
  attention,
}: {
  client: ClientListItem;
  newResults: number;
  attention: boolean;
}) {
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const markerId = useId();
  const attentionId = useId();
  const countsId = useId();
  const hasCounts = Boolean(client.schedules && (client.schedules.due > 0 || client.schedules.overdue > 0));
  const describedBy = [
    attention ? attentionId : '',
    newResults > 0 ? markerId : '',
    hasCounts ? countsId : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-4">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link
            to={`/patients/${client.id}`}
            aria-describedby={describedBy || undefined}
            className="inline-flex min-h-11 items-center text-lg font-semibold break-words text-accent-800 underline-offset-2"
          >
            {client.name || t('patients.unnamed')}
          </Link>
          {attention && <AttentionMarker id={attentionId}>{t('patients.attention')}</AttentionMarker>}
          {newResults > 0 && (
            <span
              id={markerId}
              data-testid="new-results-marker"
              className="inline-flex items-center gap-1.5 rounded-full border border-accent-700 bg-accent-100 px-2.5 py-0.5 text-sm font-semibold text-accent-900"
            >
              <span aria-hidden="true" className="size-2 rounded-full bg-accent-700" />
              {t('patients.newResults', { count: newResults })}
            </span>
          )}
          <ScheduleCountBadges counts={client.schedules} id={countsId} />
        </div>
        <p className="text-sm text-slate-700">
          {client.age === null ? t('patients.ageUnknown') : t('patients.age', { count: client.age })}
          {' · '}
          {t(`intakeStatus.${client.intakeStatus}`)}
        </p>
      </div>
      <p className="text-sm text-slate-700">
        {t('patients.lastActivity', { date: formatDate(client.lastActivity, lang) })}
      </p>
    </li>
  );
}
