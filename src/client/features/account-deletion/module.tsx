import type { FeatureModule } from '../../app/feature-module';
import { PublicFrame } from '../../app/public-frame';
import { lazyPage } from '../../components/lazy-page';

const AccountDeletedPage = lazyPage(() => import('./account-deleted-page').then((m) => m.AccountDeletedPage));
const CancelDeletionPage = lazyPage(() => import('./cancel-deletion-page').then((m) => m.CancelDeletionPage));

/** The pages around an account deletion, reachable signed out: the confirmation and the mailed cancel link. */
export const module: FeatureModule = {
  publicRoutes: [
    {
      element: <PublicFrame />,
      children: [
        { path: '/account-deleted', element: <AccountDeletedPage /> },
        { path: '/cancel-deletion', element: <CancelDeletionPage /> },
      ],
    },
  ],
};
