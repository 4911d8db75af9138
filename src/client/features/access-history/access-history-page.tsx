import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { DataTable } from '../../components/data-table';
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
            <div className="mb-6">
              <DataTable
                columns={[
                  {
                    header: t('history.when'),
                    cell: (row) => when.format(row.at),
                    className: 'whitespace-nowrap',
                    stackedClassName: '',
                  },
                  {
                    header: t('history.what'),
                    cell: (row) => (
                      <>
                        {row.actionKey ? t(row.actionKey) : row.action}
                        {row.recordKey && <span className="block text-slate-600">{t(row.recordKey)}</span>}
                      </>
                    ),
                  },
                  { header: t('history.who'), cell: (row) => t(row.whoKey) },
                  {
                    header: t('history.from'),
                    cell: (row) => row.address,
                    className: 'font-mono text-sm',
                    stackedClassName: 'font-mono text-sm break-all',
                  },
                ]}
                rows={rows}
                rowKey={(row) => row.id}
                stackOnPhones
                testId="history"
              />
            </div>
          )}
          {back}
        </>
      )}
    </article>
  );
}
