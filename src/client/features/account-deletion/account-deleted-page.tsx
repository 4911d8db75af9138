import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/format-date';

/** /account-deleted: after 'Delete my account', signed out, with the day the data goes. */
export function AccountDeletedPage() {
  const { t, i18n } = useTranslation(['privacy', 'account']);
  const dueAt = (useLocation().state as { deletionDueAt?: unknown } | null)?.deletionDueAt;
  const date = typeof dueAt === 'string' ? formatDate(dueAt, i18n.language) : '';
  return (
    <>
      <PageHeader title={t('deleted.title')} />
      <Alert tone="info" role="status">
        {t('deleted.text', { date: date || '—' })}
      </Alert>
      <p className="mt-6">
        <Link to="/login">{t('account:notices.backToLogin')}</Link>
      </p>
    </>
  );
}
