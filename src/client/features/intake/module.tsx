import type { FeatureModule } from '../../app/feature-module';
import { lazyPage } from '../../components/lazy-page';

// loaded on first visit, so the intake code and its forms stay out of the entry chunk
const IntakeSectionPage = lazyPage(() => import('./intake-section-page').then((m) => m.IntakeSectionPage));
const IntakeSummaryPage = lazyPage(() => import('./intake-summary-page').then((m) => m.IntakeSummaryPage));

/** The intake's screens (spec section 2); section slugs are resolved from the manifest at render time. */
export const module: FeatureModule = {
  clientData: true,
  accountRoutes: [
    { path: '/client-intake/:id', element: <IntakeSectionPage /> },
    { path: '/client-intake/:id/summary', element: <IntakeSummaryPage /> },
    { path: '/client-intake/:id/:section', element: <IntakeSectionPage /> },
  ],
};
