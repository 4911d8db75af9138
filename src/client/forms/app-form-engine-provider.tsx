import { createLazyEngineProvider } from './lazy-engine-provider';

/** Provides the app's form engine (every form, fetched as screens need them); mount once around the routes. */
export const AppFormEngineProvider = createLazyEngineProvider(() => import('./app-engine'));
