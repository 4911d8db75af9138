import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/spinner';
import { SchemaForm } from '../../forms';
import { type FieldErrorSchema, serverFieldErrors } from '../../lib/field-errors';
import { type ResetPasswordInput, useResetPassword } from './api/reset-password';
import { mapResetError } from './reset-errors';

type Phase = 'validating' | 'form' | 'invalid' | 'success';

/**
 * /reset-password?token=: 'Validating Reset Link', then the form (a token is taken as valid at once;
 * the server judges it on submit), 'Invalid Reset Link' without a token, or 'Password Reset Successful'.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const [phase, setPhase] = useState<Phase>('validating');
  const [formData, setFormData] = useState<Partial<ResetPasswordInput>>({ token });
  const [failure, setFailure] = useState<string | null>(null);
  const [extraErrors, setExtraErrors] = useState<FieldErrorSchema | undefined>();
  const reset = useResetPassword();

  useEffect(() => {
    setPhase(token ? 'form' : 'invalid');
  }, [token]);

  if (phase === 'validating') {
    return (
      <>
        <PageHeader title={t('resetPassword.validating')} />
        <LoadingBlock label={t('resetPassword.validating')} />
      </>
    );
  }

  if (phase === 'invalid') {
    return (
      <>
        <PageHeader title={t('resetPassword.invalidTitle')} />
        <Alert tone="error">
          {token ? (failure ?? t('resetPassword.invalidMessage')) : t('resetPassword.noToken')}
        </Alert>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/forgot-password">{t('resetPassword.requestNew')}</ButtonLink>
          <ButtonLink to="/login" variant="secondary">
            {t('resetPassword.backToLogin')}
          </ButtonLink>
        </div>
      </>
    );
  }

  if (phase === 'success') {
    return (
      <>
        <PageHeader title={t('resetPassword.successTitle')} />
        <Alert tone="success">{t('resetPassword.successMessage')}</Alert>
        <ButtonLink to="/login" className="mt-6">
          {t('resetPassword.continueToLogin')}
        </ButtonLink>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('resetPassword.title')} description={t('resetPassword.description')} />
      {failure && (
        <Alert tone="error" className="mb-6">
          {failure}
        </Alert>
      )}
      <SchemaForm
        formId="auth/reset-password"
        formData={formData}
        onChange={(data: Partial<ResetPasswordInput>) => setFormData({ ...data, token })}
        onSubmit={(submitted) => {
          const data = submitted as ResetPasswordInput;
          setFailure(null);
          setExtraErrors(undefined);
          reset.mutate(
            { ...data, token },
            {
              onSuccess: () => setPhase('success'),
              onError: (error) => {
                const view = mapResetError(error);
                const message = view.key ? t(view.key) : (view.text ?? '');
                setFailure(message);
                if (view.invalidToken) setPhase('invalid');
                else setExtraErrors(serverFieldErrors(error));
              },
            },
          );
        }}
        extraErrors={extraErrors}
        disabled={reset.isPending}
      >
        <Button type="submit" className="mt-2 w-full" loading={reset.isPending} loadingText={t('app.saving')}>
          {t('resetPassword.submit')}
        </Button>
      </SchemaForm>
    </>
  );
}
