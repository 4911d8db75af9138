import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { AttentionList, newResultsTarget, useNewResults } from '../patients';

/**
 * The dashboard's notices from the one new-results answer: "Needs attention" first and apart, urgent alerts
 * before review ones (ADR 166), then results that came in by respondent link and were not looked at yet.
 */
export function NewResultsNotice() {
  const view = useNewResults().data;
  if (!view) return null;
  return (
    <>
      {view.attention.length > 0 && <AttentionList items={view.attention} />}
      {view.count > 0 && <NewResults target={newResultsTarget(view)} count={view.count} />}
    </>
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
