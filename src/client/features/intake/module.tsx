import type { FeatureModule } from '../../app/feature-module';
import { IntakeSectionPage } from './IntakeSectionPage';
import { IntakeSummaryPage } from './IntakeSummaryPage';

/** The intake's screens (spec section 2); section slugs are resolved from the manifest at render time. */
export const module: FeatureModule = {
  accountRoutes: [
    { path: '/client-intake/:id', element: <IntakeSectionPage /> },
    { path: '/client-intake/:id/summary', element: <IntakeSummaryPage /> },
    { path: '/client-intake/:id/:section', element: <IntakeSectionPage /> },
  ],
};
