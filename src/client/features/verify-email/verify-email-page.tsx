import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import type { LoginNavigationState } from '../auth';
import { useVerifyEmail } from './api/verify-email';
import { mapVerifyError } from './verify-errors';

const VERIFIED_REDIRECT_SECONDS = 3;

/**
 * Sign-in after a verified link: the address filled in, and the banner saying why the password is asked (no
 * session exists yet: sign-in refuses an unverified address, and the link itself signs no one in).
 */
const signInState = (email: string): LoginNavigationState => ({
  email,
  messageKey: 'verifyResult.successMessage',
});

/** /verify-email?token=: verifies, then counts down 3 seconds to sign-in; or explains the failure. */
export function VerifyEmailPage() {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const query = useVerifyEmail(token);
  const [seconds, setSeconds] = useState(VERIFIED_REDIRECT_SECONDS);

  useEffect(() => {
    if (!query.isSuccess) return;
    if (seconds <= 0) {
      navigate('/login', { replace: true, state: signInState(query.data.email) });
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [query.isSuccess, query.data, seconds, navigate]);

  if (token && query.isPending) {
    return (
      <>
        <PageHeader title={t('verifyResult.title')} />
        <LoadingBlock label={t('verifyResult.verifying')} />
      </>
    );
  }

  if (token && query.isSuccess) {
    return (
      <>
        <PageHeader title={t('verifyResult.successTitle')} />
        <Alert tone="success">{t('verifyResult.successMessage')}</Alert>
        <p className="mt-4 text-slate-700" aria-live="polite">
          {t('verifyResult.redirecting', { count: Math.max(seconds, 0) })}
        </p>
        <ButtonLink to="/login" state={signInState(query.data.email)} className="mt-4">
          {t('verifyResult.goToLogin')}
        </ButtonLink>
      </>
    );
  }

  const failure = token ? mapVerifyError(query.error) : { key: 'verifyResult.noToken', expired: false };
  // a link opened again after it did its job: good news, and the way on is signing in
  if (failure.key === 'verifyResult.alreadyVerified') {
    return (
      <>
        <PageHeader title={t('verifyResult.alreadyVerifiedTitle')} />
        <Alert tone="success">{t('verifyResult.alreadyVerifiedMessage')}</Alert>
        <ButtonLink to="/login" className="mt-6">
          {t('verifyResult.signIn')}
        </ButtonLink>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('verifyResult.failureTitle')} />
      <Alert tone="error">{failure.key ? t(failure.key) : failure.text}</Alert>
      <div className="mt-6 flex flex-col gap-3">
        {failure.expired && <ButtonLink to="/verify-email/resend">{t('verifyResult.requestNew')}</ButtonLink>}
        <Link to="/signup/step1">{t('verifyResult.backToSignup')}</Link>
        <p className="text-slate-700">
          {t('verifyPending.needHelp')} <Link to="/support">{t('verifyPending.contactSupport')}</Link>
        </p>
      </div>
    </>
  );
}
