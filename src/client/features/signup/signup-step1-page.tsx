import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { normalizeEmail } from '../../../shared';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../components/toast';
import { SchemaForm } from '../../forms';
import { useEngineWarmUp } from '../../forms/engine-context';
import { errorText } from '../../lib/error-text';
import { type FieldErrorSchema, serverFieldErrors, withFieldError } from '../../lib/field-errors';
import { startCooldown } from '../../lib/resend-cooldown';
import { useAuthStore } from '../../stores/auth-store';
import { LOGIN_FORM_NEEDS, preloadLoginPage } from '../auth';
import { type Step1Input, useSignupStep1 } from './api/signup-step1';
import { EmailAvailabilityNote } from './email-availability-note';
import { type Policy, PolicyModal } from './policy-modal';
import { SignupProgress } from './signup-progress';
import { stepAt } from './signup-steps';
import { useEmailAvailability } from './use-email-availability';

const STEP = stepAt(0);

/** /signup/step1: personal information, live e-mail availability, Terms and Privacy. */
export function SignupStep1Page() {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const navigate = useNavigate();
  const saved = useAuthStore((state) => state.signupData);
  const [formData, setFormData] = useState<Partial<Step1Input>>(() => ({
    firstName: saved.firstName ?? '',
    lastName: saved.lastName ?? '',
    email: saved.email ?? '',
    acceptTerms: false,
    acceptPrivacyPolicy: false,
  }));
  const [serverErrors, setServerErrors] = useState<FieldErrorSchema | undefined>();
  const [policy, setPolicy] = useState<Policy | null>(null);
  const availability = useEmailAvailability(formData.email);
  const signup = useSignupStep1();
  // step 1 ends on the sign-in page (spec section 2): its code and form arrive while this one is filled in, so
  // it draws at once instead of a 'Loading...' card; a failure here is met again, and shown, on the way there
  useEngineWarmUp(LOGIN_FORM_NEEDS);
  useEffect(() => {
    preloadLoginPage().catch(() => undefined);
  }, []);

  const formContext = useMemo(
    () => ({
      onLabelLink: (target: string) => setPolicy(target === 'privacy' ? 'privacy' : 'terms'),
      fieldNotes: { email: <EmailAvailabilityNote availability={availability} /> },
    }),
    [availability],
  );

  const extraErrors = useMemo(
    () =>
      availability === 'taken'
        ? withFieldError(serverErrors, 'email', t('signup.step1.emailTaken'))
        : serverErrors,
    [availability, serverErrors, t],
  );

  const onSubmit = (data: Step1Input) => {
    if (availability === 'taken') return;
    setServerErrors(undefined);
    signup.mutate(data, {
      onSuccess: ({ user, cooldown }) => {
        const email = user?.email ?? normalizeEmail(data.email);
        const { password: _p, confirmPassword: _c, ...rest } = data;
        useAuthStore.getState().updateSignupData({ ...rest, email });
        if (cooldown) startCooldown(email, cooldown);
        // the toast only announces; what to do next stays on the sign-in page's banner, said once
        toast.success(t('signup.step1.createdTitle'));
        navigate('/login', {
          state: {
            message: t('signup.step1.createdMessage', { email }),
            messageKey: 'signup.step1.createdMessage',
            messageParams: { email },
            email,
          },
        });
      },
      onError: (error) => {
        setServerErrors(serverFieldErrors(error));
        toast.error(t('signup.step1.registrationFailed'), {
          message: errorText(error, t('app.genericError')),
        });
      },
    });
  };

  return (
    <>
      <PageHeader title={t('signup.title')} description={t('signup.step1.description')} />
      <SignupProgress current={1} />
      <SchemaForm
        formId={STEP.form}
        version={STEP.version}
        formData={formData}
        onChange={(data: Partial<Step1Input>) => setFormData(data)}
        onSubmit={(data) => onSubmit(data as Step1Input)}
        extraErrors={extraErrors}
        formContext={formContext}
        disabled={signup.isPending}
      >
        <div className="mt-6">
          <Button
            type="submit"
            className="w-full sm:w-auto"
            loading={signup.isPending}
            loadingText={t('app.saving')}
            disabled={availability === 'taken'}
          >
            {t('signup.continue')}
          </Button>
        </div>
      </SchemaForm>
      <p className="mt-6 border-t border-slate-200 pt-4 text-slate-700">
        {t('signup.haveAccount')} <Link to="/login">{t('signup.signIn')}</Link>
      </p>
      <PolicyModal policy={policy} onClose={() => setPolicy(null)} />
    </>
  );
}
