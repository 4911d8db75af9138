import type { FeatureModule } from '../../app/feature-module';
import { IntakeListPage } from './IntakeListPage';

/** /client-intake-list, reached from the sidebar's Patients entry. */
export const module: FeatureModule = {
  accountRoutes: [{ path: '/client-intake-list', element: <IntakeListPage /> }],
  nav: [{ key: 'patients', to: '/client-intake-list' }],
};
