import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from './alert';
import { Button } from './button';
import { usePageConfirmation } from './toast';

/** Router state a submitted intake's redirect carries, so the destination can say which intake it was. */
export interface SubmittedIntakeState {
  submittedIntake: { id: string; clientName: string };
}

function submittedOf(state: unknown): SubmittedIntakeState['submittedIntake'] | undefined {
  const value = (state as Partial<SubmittedIntakeState> | null)?.submittedIntake;
  return value && typeof value.id === 'string' ? value : undefined;
}

/**
 * After a submit, on the client's page: which client's intake was submitted, with a link to its summary.
 * Dismissing it clears the router state, so going back or reloading does not show it again.
 */
export function IntakeSubmittedNotice() {
  const { t } = useTranslation('intake');
  const location = useLocation();
  const navigate = useNavigate();
  const submitted = submittedOf(location.state);
  usePageConfirmation(Boolean(submitted));
  if (!submitted) return null;
  const name = submitted.clientName || t('list.unnamed');
  return (
    <Alert
      tone="success"
      className="mb-6"
      title={t('submittedNotice.title', { name })}
      actions={
        <>
          <Link
            to={`/client-intake/${encodeURIComponent(submitted.id)}/summary`}
            className="inline-flex min-h-11 items-center font-semibold"
          >
            {t('submittedNotice.summary', { name })}
          </Link>
          <Button
            variant="quiet"
            onClick={() => void navigate(location.pathname, { replace: true, state: null })}
          >
            {t('submittedNotice.dismiss')}
          </Button>
        </>
      }
    >
      {t('submittedNotice.text')}
    </Alert>
  );
}
