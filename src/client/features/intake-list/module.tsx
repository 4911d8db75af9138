import type { FeatureModule } from '../../app/feature-module';
import { lazyPage } from '../../components/lazy-page';

// loaded on first visit, so the list's code stays out of the entry chunk
const IntakeListPage = lazyPage(() => import('./intake-list-page').then((m) => m.IntakeListPage));

/** /client-intake-list, reached from the dashboard and from the Patients pages (which the sidebar opens). */
export const module: FeatureModule = {
  clientData: true,
  accountRoutes: [{ path: '/client-intake-list', element: <IntakeListPage /> }],
};
