import { Outlet } from 'react-router-dom';
import { PublicLayout } from '../components/public-layout';
import { LanguageSwitcher } from '../i18n';
import { useProductName } from '../lib/app-config';
import { rememberLanguageOnAccount } from '../stores/account-language';
import { Copyright } from './copyright';

/** Public pages (sign-in, sign-up, verification, recovery, notices) in a centred card. */
export function PublicFrame({ width = 'narrow' }: { width?: 'narrow' | 'wide' }) {
  const productName = useProductName();
  return (
    <PublicLayout
      productName={productName}
      headerEnd={<LanguageSwitcher onChosen={rememberLanguageOnAccount} />}
      footer={<Copyright />}
      width={width}
    >
      <Outlet />
    </PublicLayout>
  );
}
