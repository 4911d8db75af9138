import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../stores/current-user';
import { AWAITING_REVIEW, useClientDataAccess } from './client-data-access';

/** Why Patients and intake records are not open yet, in place of the page (no request that would answer 403). */
function ClientDataClosed({ status }: { status: string }) {
  const { t } = useTranslation('account');
  // asks the server again, so an account approved since sign-in opens on its next visit
  useCurrentUser();
  const awaiting = AWAITING_REVIEW.includes(status);
  return (
    <>
      <PageHeader title={t('approvalGate.closedTitle')} />
      <Alert
        tone="info"
        role="none"
        title={awaiting ? t('approvalGate.underReviewTitle') : t('approvalGate.notSentTitle')}
        actions={
          <>
            {!awaiting && <ButtonLink to="/signup/step2">{t('dashboard.completeNow')}</ButtonLink>}
            <ButtonLink to="/dashboard" variant="secondary">
              {t('approvalGate.backToDashboard')}
            </ButtonLink>
          </>
        }
      >
        <p>{awaiting ? t('approvalGate.underReviewMessage') : t('approvalGate.notSentMessage')}</p>
      </Alert>
    </>
  );
}

/**
 * Around every route that shows client data: with credential review on, an account not approved yet sees why
 * instead of the page (the server answers its calls 403 ACCOUNT_NOT_APPROVED).
 */
export function ClientDataGate({ children }: { children: ReactNode }) {
  const access = useClientDataAccess();
  if (access.open) return <>{children}</>;
  return <ClientDataClosed status={access.status} />;
}
