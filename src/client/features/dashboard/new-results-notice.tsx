import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { newResultsTarget, useNewResults } from '../patients';

/** The dashboard's notice of results that came in by respondent link and were not looked at yet. */
export function NewResultsNotice() {
  const { t } = useTranslation('account');
  const view = useNewResults().data;
  const count = view?.count ?? 0;
  if (!view || count === 0) return null;
  const target = newResultsTarget(view);
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
