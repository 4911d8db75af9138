import { Outlet } from 'react-router-dom';
import { PublicLayout } from '../components/public-layout';
import { useProductName } from '../lib/app-config';
import { rememberLanguageOnAccount } from '../stores/account-language';
import { AppLanguageSwitcher } from './app-language-switcher';
import { Copyright } from './copyright';

/** Public pages (sign-in, sign-up, verification, recovery, notices) in a centred card. */
export function PublicFrame({ width = 'narrow' }: { width?: 'narrow' | 'wide' }) {
  const productName = useProductName();
  return (
    <PublicLayout
      productName={productName}
      headerEnd={<AppLanguageSwitcher onChosen={rememberLanguageOnAccount} />}
      footer={<Copyright />}
      width={width}
    >
      <Outlet />
    </PublicLayout>
  );
}
