import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { SchemaForm } from '../../forms';
import { useProductName } from '../../lib/app-config';
import { type FieldErrorSchema, serverFieldErrors } from '../../lib/field-errors';
import { useAuthStore } from '../../stores/auth-store';
import { type LoginInput, useLogin } from './api/login';
import { landingRoute } from './landing';
import { type LoginErrorView, mapLoginError, RESEND_REDIRECT_DELAY_MS } from './login-errors';

/** What other screens may hand to /login. */
export interface LoginNavigationState {
  /**
   * Shown in an info banner; `messageKey` (account or account-pages namespace) wins so it follows the language.
   */
  message?: string;
  messageKey?: string;
  messageParams?: Record<string, unknown>;
  email?: string;
  from?: { pathname: string; search?: string };
}

/** The banner step 1 hands over: the account exists and a verification mail with a code is on its way. */
const SIGNED_UP = 'signup.step1.createdMessage';

const SIGNED_IN_ONLY =
  /^\/(dashboard|patients|appointments|questionnaires|reports|analytics|profile|settings)\b/;

/** /login: sign-in, landing by account status, and every error of section 8. */
export function LoginPage() {
  const state = (useLocation().state ?? {}) as LoginNavigationState;
  // a banner from sign-up or the code's check names a text of the account pages: only then are they loaded here
  const { t } = useTranslation(state.messageKey ? ['account', 'account-pages'] : 'account', {
    nsMode: 'fallback',
  });
  const productName = useProductName();
  const navigate = useNavigate();
  const [formData, setFormData] = useState<Partial<LoginInput>>({
    email: state.email ?? '',
    rememberMe: false,
  });
  // the failure shown, with the address it was for (the resend page is handed that one, not what is typed since)
  const [failure, setFailure] = useState<(LoginErrorView & { email: string }) | null>(null);
  const [extraErrors, setExtraErrors] = useState<FieldErrorSchema | undefined>();
  const login = useLogin();

  // the 3 seconds count from when the message is on screen, not from when the answer came
  useEffect(() => {
    if (!failure?.redirectToResend) return;
    const { email } = failure;
    const timer = window.setTimeout(
      () => navigate('/verify-email/resend', { state: { email } }),
      RESEND_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [failure, navigate]);

  const onSubmit = (data: LoginInput) => {
    setFailure(null);
    setExtraErrors(undefined);
    login.mutate(data, {
      onSuccess: ({ user, accessToken }) => {
        useAuthStore.getState().login(user, accessToken, Boolean(data.rememberMe));
        const landing = landingRoute(user);
        const from = state.from?.pathname;
        const target =
          landing === '/dashboard' && from && SIGNED_IN_ONLY.test(from)
            ? `${from}${state.from?.search ?? ''}`
            : landing;
        navigate(target, {
          replace: true,
          state: landing === '/verify-email/pending' ? { email: user.email, fromSignup: true } : undefined,
        });
      },
      onError: (error) => {
        setFailure({ ...mapLoginError(error), email: data.email });
        setExtraErrors(serverFieldErrors(error));
      },
    });
  };

  const banner = state.messageKey ? t(state.messageKey, state.messageParams) : state.message;
  return (
    <>
      <PageHeader title={t('login.title')} description={t('login.subtitle', { productName })} />
      {banner && !failure && (
        <Alert tone="info" className="mb-6">
          {banner}
          {/* the mail's code is typed on the verification screen: one tap from here after sign-up */}
          {state.messageKey === SIGNED_UP && state.email && (
            <p className="mt-2">
              <Link to="/verify-email/pending" state={{ email: state.email }}>
                {t('login.enterCode')}
              </Link>
            </p>
          )}
        </Alert>
      )}
      {failure && (
        <Alert tone="error" className="mb-6">
          {failure.key ? t(failure.key, failure.params) : failure.text}
          {failure.redirectToResend && <p className="mt-1">{t('login.redirectingToResend')}</p>}
        </Alert>
      )}
      <SchemaForm
        formId="auth/login"
        formData={formData}
        onChange={(data: Partial<LoginInput>) => setFormData(data)}
        onSubmit={(data) => onSubmit(data as LoginInput)}
        extraErrors={extraErrors}
        disabled={login.isPending}
      >
        <div className="mt-2 flex flex-col gap-4">
          <Button
            type="submit"
            loading={login.isPending}
            loadingText={t('login.signingIn')}
            className="w-full"
          >
            {t('login.submit')}
          </Button>
          <Link to="/forgot-password" className="self-start">
            {t('login.forgotPassword')}
          </Link>
        </div>
      </SchemaForm>
      <p className="mt-6 border-t border-slate-200 pt-4 text-slate-700">
        {t('login.noAccount')} <Link to="/signup/step1">{t('login.signUp')}</Link>
      </p>
    </>
  );
}
