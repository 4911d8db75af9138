import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { textIn, useQuestionnaireLibrary } from '../../lib/questionnaire-api';
import { useLang } from '../../lib/use-lang';
import { useClients } from './api/list-clients';
import { ClientSearch, ClientsLoadFailed } from './client-search';
import { giveOnClientPath } from './give-path';

/**
 * /patients/give/:questionnaireId, from the library's 'Give to a client': choose the client; the client's page
 * then opens with this questionnaire chosen, and the rest is as there (language, age check, fill in now).
 */
export function GiveToClientPage() {
  const { questionnaireId = '' } = useParams();
  const { t } = useTranslation('questionnaires');
  const lang = useLang();
  const library = useQuestionnaireLibrary();
  const [q, setQ] = useState('');
  const clients = useClients(q.trim());
  const back = (
    <Link to="/questionnaires" className="inline-flex min-h-11 items-center">
      {t('giveTo.back')}
    </Link>
  );

  if (library.isPending) return <LoadingBlock />;
  const entry = library.data?.find((e) => e.id === questionnaireId);
  if (!entry) return <Alert tone="error" role="none" title={t('giveTo.notFound')} actions={back} />;

  let body: ReactNode;
  if (clients.isPending) body = <LoadingBlock />;
  else if (clients.isError) {
    body = <ClientsLoadFailed retry={() => void clients.refetch()} />;
  } else if (clients.data.length === 0) {
    body = q.trim() ? (
      <p className="text-slate-700">{t('patients.noMatch')}</p>
    ) : (
      <div className="space-y-4">
        <p className="text-slate-700">{t('patients.empty')}</p>
        <ButtonLink to="/client-intake/new">{t('patients.newIntake')}</ButtonLink>
      </div>
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
        {clients.data.map((client) => {
          const name = client.name || t('patients.unnamed');
          return (
            <li key={client.id} className="p-4">
              <Link
                to={giveOnClientPath(client.id, entry.id)}
                aria-label={t('giveTo.choose', { name })}
                className="inline-flex min-h-11 items-center text-lg font-semibold break-words text-accent-800"
              >
                {name}
              </Link>
              <p className="text-sm text-slate-700">
                {client.age === null ? t('patients.ageUnknown') : t('patients.age', { count: client.age })}
              </p>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="max-w-3xl">
      <PageHeader
        title={t('giveTo.title')}
        description={t('giveTo.description', { title: textIn(entry.title, lang) })}
      />
      <div className="mb-4">{back}</div>
      <ClientSearch value={q} onChange={setQ} />
      {body}
    </div>
  );
}
