import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { errorText } from '../../lib/error-text';
import { useCancelDeletion } from './api/cancel-deletion';

/**
 * /cancel-deletion?token=…: the link in the deletion mail. The practitioner confirms with a button, so a mail
 * scanner that opens links does not cancel a deletion by itself.
 */
export function CancelDeletionPage() {
  const { t } = useTranslation(['privacy', 'account']);
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const cancel = useCancelDeletion();

  return (
    <>
      <PageHeader title={t('cancelDeletion.title')} />
      {cancel.isSuccess ? (
        <>
          <Alert tone="success" role="status">
            {t('cancelDeletion.done')}
          </Alert>
          <p className="mt-6">
            <Link to="/login">{t('cancelDeletion.signIn')}</Link>
          </p>
        </>
      ) : !token ? (
        <Alert tone="error" role="alert">
          {t('cancelDeletion.missing')}
        </Alert>
      ) : (
        <>
          {cancel.isError && (
            <Alert tone="error" role="alert" className="mb-4">
              {errorText(cancel.error, t('account:app.genericError'))}
            </Alert>
          )}
          <p className="mb-6 max-w-prose text-slate-700">{t('cancelDeletion.text')}</p>
          <Button
            loading={cancel.isPending}
            loadingText={t('cancelDeletion.working')}
            onClick={() => cancel.mutate(token)}
          >
            {t('cancelDeletion.button')}
          </Button>
        </>
      )}
    </>
  );
}
