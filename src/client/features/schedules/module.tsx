import type { FeatureModule } from '../../app/feature-module';
import { lazyPage } from '../../components/lazy-page';
import { DUE_PATH } from './due-link';

const DuePage = lazyPage(() => import('./due-page').then((m) => m.DuePage));

/** Everything due across clients, reached from Patients; the client page's schedules come through index.ts. */
export const module: FeatureModule = {
  clientData: true,
  accountRoutes: [{ path: DUE_PATH, element: <DuePage /> }],
};
