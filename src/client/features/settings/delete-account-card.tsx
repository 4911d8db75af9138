import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Modal } from '../../components/modal';
import { toast } from '../../components/toast';
import { SchemaForm } from '../../forms';
import { useAppConfig } from '../../lib/app-config';
import { errorText } from '../../lib/error-text';
import { type FieldErrorSchema, serverFieldErrors } from '../../lib/field-errors';
import { useDeleteAccount } from './api/delete-account';

const EMPTY: { password?: string } = {};

/**
 * Settings > 'Delete my account': the password confirms it; the server signs the account out everywhere, and
 * /account-deleted tells when the data goes.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation(['privacy', 'account']);
  const { config } = useAppConfig();
  const days = config.deletionGraceDays;
  const [open, setOpen] = useState(false);
  const [formData, setFormData] = useState(EMPTY);
  const [extraErrors, setExtraErrors] = useState<FieldErrorSchema | undefined>();
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  const close = () => {
    setOpen(false);
    setFormData(EMPTY);
    setExtraErrors(undefined);
  };

  return (
    <Card title={t('settings.deleteTitle')}>
      <p className="mb-4 max-w-prose text-slate-700">{t('settings.deleteDescription', { days })}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('settings.deleteButton')}
      </Button>
      <Modal open={open} onClose={close} title={t('settings.dialogTitle')}>
        <p className="mb-4 max-w-prose text-slate-700">{t('settings.dialogText', { days })}</p>
        <SchemaForm
          formId="account/delete-account"
          formData={formData}
          onChange={(data: { password?: string }) => setFormData(data)}
          extraErrors={extraErrors}
          disabled={remove.isPending}
          onSubmit={(submitted) => {
            setExtraErrors(undefined);
            remove.mutate(submitted as { password: string }, {
              // the page forgets the session once there: signing out here would let the guard send it to /login first
              onSuccess: ({ deletionDueAt }) =>
                navigate('/account-deleted', { replace: true, state: { deletionDueAt } }),
              onError: (error) => {
                setExtraErrors(serverFieldErrors(error));
                toast.error(errorText(error, t('account:app.genericError')));
              },
            });
          }}
        >
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={close}>
              {t('settings.cancel')}
            </Button>
            <Button
              type="submit"
              variant="danger"
              loading={remove.isPending}
              loadingText={t('settings.deleting')}
            >
              {t('settings.confirm')}
            </Button>
          </div>
        </SchemaForm>
      </Modal>
    </Card>
  );
}
