import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { formatDate } from '../../lib/format-date';
import { useAuthStore } from '../../stores/auth-store';
import { useDeletion } from './api/get-deletion';

/** /account-deleted: after 'Delete my account': signs this browser out and tells the day the data goes. */
export function AccountDeletedPage() {
  const { t, i18n } = useTranslation(['privacy', 'account']);
  const given = (useLocation().state as { deletionDueAt?: unknown } | null)?.deletionDueAt;
  const queryClient = useQueryClient();
  const [forgotten, setForgotten] = useState(false);
  // after a reload the router state is gone: the server tells the date (this browser's cookie names the account)
  const asked = useDeletion(forgotten && typeof given !== 'string');
  const dueAt = typeof given === 'string' ? given : asked.data?.deletionDueAt;
  const date = formatDate(dueAt, i18n.language);
  // the server ended every session; this browser forgets its own and what it had loaded
  useEffect(() => {
    useAuthStore.getState().logout();
    queryClient.clear();
    setForgotten(true);
  }, [queryClient]);
  return (
    <>
      <PageHeader title={t('deleted.title')} />
      {date ? (
        <Alert tone="info" role="status">
          {t('deleted.text', { date })}
        </Alert>
      ) : asked.isError ? (
        <Alert tone="info" role="status">
          {t('deleted.textWithoutDate')}
        </Alert>
      ) : (
        <LoadingBlock />
      )}
      <p className="mt-6">
        <Link to="/login">{t('account:notices.backToLogin')}</Link>
      </p>
    </>
  );
}
