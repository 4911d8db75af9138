import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert, type AlertTone } from '../../components/alert';
import { Button } from '../../components/button';
import { MailText } from '../../components/mail-text';
import { PageHeader } from '../../components/page-header';
import { useAppConfig } from '../../lib/app-config';
import { useAuthStore } from '../../stores/auth-store';
import { useSignOut } from '../../stores/session-actions';

export type Notice = 'pendingApproval' | 'rejected' | 'suspended';

const TONE: Record<Notice, AlertTone> = { pendingApproval: 'info', rejected: 'error', suspended: 'warning' };

/** /pending-approval, /account-rejected, /account-suspended: where the guard sends accounts it holds back. */
export function StatusNoticePage({ notice }: { notice: Notice }) {
  const { t } = useTranslation('account');
  const { config } = useAppConfig();
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const { logout, pending } = useSignOut();
  return (
    <>
      <PageHeader title={t(`notices.${notice}.title`)} />
      <Alert tone={TONE[notice]} role="none">
        <MailText i18nKey={`notices.${notice}.message`} email={config.supportEmail} />
      </Alert>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Link to="/support">{t('notices.contactSupport')}</Link>
        {signedIn ? (
          <Button variant="secondary" onClick={logout} loading={pending} className="sm:ml-auto">
            {t('notices.logout')}
          </Button>
        ) : (
          <Link to="/login" className="sm:ml-auto">
            {t('notices.backToLogin')}
          </Link>
        )}
      </div>
    </>
  );
}
