import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { accessRows } from './access-history-rows';
import { useAccessHistory } from './api/get-access-history';

/** /client-intake/:id/access-history: who opened, changed, printed or exported the client's record, and when. */
export function AccessHistoryPage() {
  const { id } = useParams();
  const { t, i18n } = useTranslation('privacy');
  const query = useAccessHistory(id);
  const when = new Intl.DateTimeFormat(i18n.language === 'tr' ? 'tr-TR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const back = (
    <ButtonLink to={`/client-intake/${id ?? ''}/summary`} variant="secondary">
      {t('history.back')}
    </ButtonLink>
  );

  return (
    <article className="max-w-4xl">
      <PageHeader title={t('history.title')} description={t('history.description')} />
      {query.isPending ? (
        <LoadingBlock label={t('history.loading')} />
      ) : query.isError ? (
        <Alert tone="error" role="alert" actions={back}>
          {t('history.loadFailed')}
        </Alert>
      ) : (
        <>
          {query.data.entries.length === 0 ? (
            <p className="mb-6">{t('history.empty')}</p>
          ) : (
            <div className="mb-6 overflow-x-auto">
              <table className="w-full border-collapse text-left">
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="py-2 pr-4">
                      {t('history.when')}
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      {t('history.what')}
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      {t('history.who')}
                    </th>
                    <th scope="col" className="py-2">
                      {t('history.from')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {accessRows(query.data.entries).map((row) => (
                    <tr key={row.id} className="border-b border-slate-200">
                      <td className="py-2 pr-4 whitespace-nowrap">{when.format(row.at)}</td>
                      <td className="py-2 pr-4">
                        {row.actionKey ? t(row.actionKey) : row.action}
                        {row.recordKey && <span className="block text-slate-600">{t(row.recordKey)}</span>}
                      </td>
                      <td className="py-2 pr-4">{t(row.whoKey)}</td>
                      <td className="py-2 font-mono text-sm">{row.address}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {back}
        </>
      )}
    </article>
  );
}
