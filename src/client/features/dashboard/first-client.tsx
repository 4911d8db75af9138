import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { useClients } from '../patients';

/**
 * A practitioner with no client yet: the way to the first one, the dashboard's primary action once registration
 * is done (while it is not, its 'Complete Now' is, and this one stays secondary). Gone with the first client.
 */
export function FirstClient({ primary }: { primary: boolean }) {
  const { t } = useTranslation('account');
  const clients = useClients('');
  if (!clients.data || clients.data.length > 0) return null;
  return (
    <Card title={t('dashboard.firstClientTitle')}>
      <p className="text-slate-700">{t('dashboard.firstClientText')}</p>
      <ButtonLink to="/client-intake/new" variant={primary ? 'primary' : 'secondary'} className="mt-4">
        {t('dashboard.firstClient')}
      </ButtonLink>
    </Card>
  );
}
