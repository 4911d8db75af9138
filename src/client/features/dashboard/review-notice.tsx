import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { AWAITING_REVIEW, type ClientDataAccess } from '../account-status';

/**
 * The dashboard's word on credential review (ADR 105): under review, what happens next and that a mail will
 * come; with review off on this server (development), one quiet line saying so.
 */
export function ReviewNotice({ access, email }: { access: ClientDataAccess; email: string }) {
  const { t } = useTranslation('account');
  if (!access.requireApproval) {
    return <p className="text-sm text-slate-600">{t('approvalGate.reviewOff')}</p>;
  }
  if (access.open || !AWAITING_REVIEW.includes(access.status)) return null;
  return (
    <Alert tone="info" role="none" title={t('approvalGate.underReviewTitle')}>
      <p>{t('approvalGate.dashboardNext')}</p>
      <p>{t('approvalGate.dashboardMail', { email })}</p>
    </Alert>
  );
}
