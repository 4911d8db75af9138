import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { attentionTarget, newResultsTarget, useNewResults } from '../patients';

/**
 * The dashboard's notices from the one new-results answer: responses whose critical answers need attention
 * first and apart (ADR 108), then results that came in by respondent link and were not looked at yet.
 */
export function NewResultsNotice() {
  const view = useNewResults().data;
  if (!view) return null;
  return (
    <>
      {view.attention.length > 0 && (
        <AttentionNotice target={attentionTarget(view)} count={view.attention.length} />
      )}
      {view.count > 0 && <NewResults target={newResultsTarget(view)} count={view.count} />}
    </>
  );
}

function AttentionNotice({ target, count }: { target: string; count: number }) {
  const { t } = useTranslation('account');
  const action = target.includes('/responses/')
    ? t('dashboard.attentionOpenResponse')
    : target === '/patients'
      ? t('dashboard.newResultsOpen')
      : t('dashboard.newResultsOpenClient');
  return (
    <Alert
      tone="warning"
      role="status"
      title={t('dashboard.attentionTitle', { count })}
      actions={<ButtonLink to={target}>{action}</ButtonLink>}
    >
      {t('dashboard.attention', { count })}
    </Alert>
  );
}

function NewResults({ target, count }: { target: string; count: number }) {
  const { t } = useTranslation('account');
  return (
    <Alert
      tone="info"
      role="status"
      title={t('nav.newResults', { count })}
      actions={
        <ButtonLink to={target} variant="secondary">
          {target === '/patients' ? t('dashboard.newResultsOpen') : t('dashboard.newResultsOpenClient')}
        </ButtonLink>
      }
    >
      {t('dashboard.newResults')}
    </Alert>
  );
}
