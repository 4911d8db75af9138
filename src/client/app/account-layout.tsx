import { Outlet } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { ProfileMenu } from '../components/layout/profile-menu';
import { StatusCard, useClientDataAccess, useStatusText } from '../features/account-status';
import { useProductName } from '../lib/app-config';
import { rememberLanguageOnAccount } from '../stores/account-language';
import { useAuthStore } from '../stores/auth-store';
import { useSignOut } from '../stores/session-actions';
import { AppLanguageSwitcher } from './app-language-switcher';
import { Copyright } from './copyright';
import { useNewResultsNav } from './new-results-nav';

// the router's gate of the client-data routes, in the frame's chunk rather than the entry
export { ClientDataGate } from '../features/account-status';

/** The signed-in frame: shared layout plus what it shows of the account (menu, status). */
export function AccountLayout() {
  const user = useAuthStore((state) => state.user);
  const productName = useProductName();
  const { logout, pending } = useSignOut();
  const status = useStatusText(user?.accountStatus);
  const completeTo = status.needsCompletion ? status.nextStep : undefined;
  const clientData = useClientDataAccess();
  // an account not approved yet is not asked for client data (its count would answer 403)
  const navItems = useNewResultsNav(Boolean(user?.emailVerified) && clientData.open);

  return (
    <AppLayout
      title={productName}
      navItems={navItems}
      footer={<Copyright />}
      topBarEnd={
        <>
          <AppLanguageSwitcher onChosen={rememberLanguageOnAccount} />
          {user && (
            <ProfileMenu
              name={`${user.firstName} ${user.lastName}`.trim()}
              email={user.email}
              status={<StatusCard status={user.accountStatus} />}
              completeRegistrationTo={completeTo}
              professionalTitle={user.professionalTitle}
              university={user.university}
              onLogout={logout}
              loggingOut={pending}
            />
          )}
        </>
      }
    >
      <Outlet />
    </AppLayout>
  );
}
