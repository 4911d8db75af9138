import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { normalizeEmail } from '../../../shared';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { SchemaForm } from '../../forms';
import { errorText } from '../../lib/error-text';
import { type FieldErrorSchema, serverFieldErrors } from '../../lib/field-errors';
import { useForgotPassword } from './api/forgot-password';

/** /forgot-password: the e-mail form, then 'Check your email' with 'Send another email'. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['account', 'account-pages'], { nsMode: 'fallback' });
  const [formData, setFormData] = useState<{ email?: string }>({ email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [extraErrors, setExtraErrors] = useState<FieldErrorSchema | undefined>();
  const request = useForgotPassword();

  if (sentTo) {
    return (
      <>
        <PageHeader title={t('forgotPassword.sentTitle')} />
        <Alert tone="success">{t('forgotPassword.sentMessage', { email: sentTo })}</Alert>
        <div className="mt-6 flex flex-col gap-4">
          <Button variant="secondary" onClick={() => setSentTo(null)} className="self-start">
            {t('forgotPassword.sendAnother')}
          </Button>
          <Link to="/login">{t('forgotPassword.backToLogin')}</Link>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('forgotPassword.title')} description={t('forgotPassword.description')} />
      {failure && (
        <Alert tone="error" className="mb-6">
          {failure}
        </Alert>
      )}
      <SchemaForm
        formId="auth/forgot-password"
        formData={formData}
        onChange={(data: { email?: string }) => setFormData(data)}
        onSubmit={(submitted) => {
          const data = { email: submitted.email ?? '' };
          setFailure(null);
          setExtraErrors(undefined);
          request.mutate(data.email, {
            onSuccess: () => setSentTo(normalizeEmail(data.email)),
            onError: (error) => {
              setExtraErrors(serverFieldErrors(error));
              setFailure(errorText(error, t('app.genericError')));
            },
          });
        }}
        extraErrors={extraErrors}
        disabled={request.isPending}
      >
        <Button
          type="submit"
          className="mt-2 w-full"
          loading={request.isPending}
          loadingText={t('app.saving')}
        >
          {t('forgotPassword.submit')}
        </Button>
      </SchemaForm>
      <p className="mt-6 border-t border-slate-200 pt-4">
        <Link to="/login">{t('forgotPassword.backToLogin')}</Link>
      </p>
    </>
  );
}
