import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { toast } from '../../components/toast';
import { SchemaForm } from '../../forms';
import { errorText } from '../../lib/error-text';
import { type FieldErrorSchema, serverFieldErrors } from '../../lib/field-errors';
import { useAuthStore } from '../../stores/auth-store';
import { type ChangePasswordInput, useChangePassword } from './api/change-password';

const EMPTY: Partial<ChangePasswordInput> = {};

/** The change-password form (auth/change-password); the server answers a fresh session token. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const [formData, setFormData] = useState<Partial<ChangePasswordInput>>(EMPTY);
  const [formKey, setFormKey] = useState(0);
  const [extraErrors, setExtraErrors] = useState<FieldErrorSchema | undefined>();
  const change = useChangePassword();

  return (
    <SchemaForm
      key={formKey}
      formId="auth/change-password"
      formData={formData}
      onChange={(data: Partial<ChangePasswordInput>) => setFormData(data)}
      onSubmit={(submitted) => {
        const data = submitted as ChangePasswordInput;
        setExtraErrors(undefined);
        change.mutate(data, {
          onSuccess: ({ accessToken }) => {
            if (accessToken) useAuthStore.setState({ token: accessToken });
            toast.success(t('settings.passwordChangedTitle'), {
              message: t('settings.passwordChangedMessage'),
            });
            setFormData(EMPTY);
            setFormKey((key) => key + 1);
          },
          onError: (error) => {
            setExtraErrors(serverFieldErrors(error));
            toast.error(t('settings.passwordFailed'), {
              message: errorText(error, t('app.genericError')),
            });
          },
        });
      }}
      extraErrors={extraErrors}
      disabled={change.isPending}
    >
      <Button type="submit" className="mt-2" loading={change.isPending} loadingText={t('app.saving')}>
        {t('settings.passwordSubmit')}
      </Button>
    </SchemaForm>
  );
}
