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
  const rows = query.data ? accessRows(query.data.entries) : [];
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
            <>
              {/* phones: one block per entry, labelled, so nothing is cut off or scrolled sideways */}
              <ul
                className="mb-6 divide-y divide-slate-200 border-y border-slate-200 sm:hidden"
                data-testid="history-list"
              >
                {rows.map((row) => (
                  <li key={row.id} className="py-3">
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                      <dt className="font-semibold text-slate-700">{t('history.when')}</dt>
                      <dd>{when.format(row.at)}</dd>
                      <dt className="font-semibold text-slate-700">{t('history.what')}</dt>
                      <dd>
                        {row.actionKey ? t(row.actionKey) : row.action}
                        {row.recordKey && <span className="block text-slate-600">{t(row.recordKey)}</span>}
                      </dd>
                      <dt className="font-semibold text-slate-700">{t('history.who')}</dt>
                      <dd>{t(row.whoKey)}</dd>
                      <dt className="font-semibold text-slate-700">{t('history.from')}</dt>
                      <dd className="font-mono text-sm break-all">{row.address}</dd>
                    </dl>
                  </li>
                ))}
              </ul>
              <div className="mb-6 hidden sm:block">
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
                    {rows.map((row) => (
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
            </>
          )}
          {back}
        </>
      )}
    </article>
  );
}
