import type { FeatureModule } from '../../app/feature-module';
import { lazyPage } from '../../components/lazy-page';

// loaded on first visit, so the library's code stays out of the entry chunk
const LibraryPage = lazyPage(() => import('./library-page').then((m) => m.LibraryPage));
const PreviewPage = lazyPage(() => import('./preview-page').then((m) => m.PreviewPage));

/** /questionnaires (the library, replacing the placeholder) and /questionnaires/:id (a read-only preview). */
export const module: FeatureModule = {
  accountRoutes: [
    { path: '/questionnaires', element: <LibraryPage /> },
    { path: '/questionnaires/:id', element: <PreviewPage /> },
  ],
};
