import { useTranslation } from 'react-i18next';
import { useProductName } from '../lib/app-config';

export function Copyright() {
  const { t } = useTranslation('account');
  const productName = useProductName();
  return <>{t('app.copyright', { year: new Date().getFullYear(), productName })}</>;
}
