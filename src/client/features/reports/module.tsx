import type { FeatureModule } from '../../app/feature-module';
import { lazyPage } from '../../components/lazy-page';

// loaded on first visit, so the report's code stays out of the entry chunk
const ReportsPage = lazyPage(() => import('./reports-page').then((m) => m.ReportsPage));

/** /reports: the change report over the caseload (ADR 129), replacing the placeholder. */
export const module: FeatureModule = {
  clientData: true,
  accountRoutes: [{ path: '/reports', element: <ReportsPage /> }],
};
