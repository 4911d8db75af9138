import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { useNewResults } from '../patients';

/** The dashboard's notice of results that came in by respondent link and were not looked at yet. */
export function NewResultsNotice() {
  const { t } = useTranslation('account');
  const count = useNewResults().data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Alert
      tone="info"
      role="status"
      title={t('nav.newResults', { count })}
      actions={
        <ButtonLink to="/patients" variant="secondary">
          {t('dashboard.newResultsOpen')}
        </ButtonLink>
      }
    >
      {t('dashboard.newResults')}
    </Alert>
  );
}
