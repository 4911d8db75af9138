import type { FeatureModule } from '../../app/feature-module';
import { lazyPage } from '../../components/lazy-page';

const AccessHistoryPage = lazyPage(() => import('./access-history-page').then((m) => m.AccessHistoryPage));

/** A client's 'Access history', linked from the record's summary page (a static segment wins over `:section`). */
export const module: FeatureModule = {
  clientData: true,
  accountRoutes: [{ path: '/client-intake/:id/access-history', element: <AccessHistoryPage /> }],
};
