import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { type User, useAuthStore } from '../../stores/auth-store';
import { ResendPanel } from './resend-panel';
import { useVerificationPolling } from './use-verification-polling';
import { signInAfterCode, VerifyCodeForm } from './verify-code-form';

interface PendingState {
  email?: string;
  fromSignup?: boolean;
}

/** /verify-email/pending: waits for the link to be opened, offers a resend, moves on once verified. */
export function VerifyEmailPendingPage() {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as PendingState;
  const onVerified = useCallback(() => navigate('/signup/step2', { replace: true }), [navigate]);
  useVerificationPolling(Boolean(state.email && state.fromSignup), onVerified);
  // signed in: on to step 2 with the verified user; signed out: sign in with the address filled in
  const onCodeVerified = useCallback(
    (user: User) => {
      const session = useAuthStore.getState();
      if (session.isAuthenticated) {
        session.setUser({ ...session.user, ...user });
        navigate('/signup/step2', { replace: true });
      } else {
        const next = signInAfterCode(user.email, t('verifyPending.codeVerified'));
        navigate(next.to, next.options);
      }
    },
    [navigate, t],
  );

  if (!state.email) return <Navigate to="/signup/step1" replace />;
  return (
    <>
      <PageHeader title={t('verifyPending.title')} />
      <p className="text-slate-700">{t('verifyPending.sentTo')}</p>
      <p className="mt-1 text-lg font-semibold break-all text-slate-900" data-testid="pending-email">
        {state.email}
      </p>
      <p className="mt-4 text-slate-700">{t('verifyPending.instructions')}</p>
      {state.fromSignup && <p className="mt-2 text-slate-700">{t('verifyPending.waiting')}</p>}
      <div className="mt-6 border-t border-slate-200 pt-6">
        <VerifyCodeForm email={state.email} onVerified={onCodeVerified} />
      </div>
      <div className="mt-8 border-t border-slate-200 pt-6">
        <p className="mb-3 text-slate-700">{t('verifyPending.noMail')}</p>
        <ResendPanel email={state.email} />
      </div>
      <div className="mt-8 flex flex-col gap-2 border-t border-slate-200 pt-4">
        <Link to="/signup/step1">{t('verifyPending.backToSignup')}</Link>
        <p className="text-slate-700">
          {t('verifyPending.needHelp')} <Link to="/support">{t('verifyPending.contactSupport')}</Link>
        </p>
      </div>
    </>
  );
}
