import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { formatDate } from '../../lib/format-date';
import { useAuthStore } from '../../stores/auth-store';

/** /account-deleted: after 'Delete my account': signs this browser out and tells the day the data goes. */
export function AccountDeletedPage() {
  const { t, i18n } = useTranslation(['privacy', 'account']);
  const dueAt = (useLocation().state as { deletionDueAt?: unknown } | null)?.deletionDueAt;
  const date = typeof dueAt === 'string' ? formatDate(dueAt, i18n.language) : '';
  const queryClient = useQueryClient();
  // the server ended every session; this browser forgets its own and what it had loaded
  useEffect(() => {
    useAuthStore.getState().logout();
    queryClient.clear();
  }, [queryClient]);
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
