import type { FeatureModule } from '../../app/feature-module';
import { lazyPage } from '../../components/lazy-page';

// each screen loads on first visit, so their code stays out of the entry chunk
const PatientsPage = lazyPage(() => import('./patients-page').then((m) => m.PatientsPage));
const ClientPage = lazyPage(() => import('./client-page').then((m) => m.ClientPage));
const ResponsePage = lazyPage(() => import('./response-page').then((m) => m.ResponsePage));
const ResultsPage = lazyPage(() => import('./results-page').then((m) => m.ResultsPage));

/** /patients (replacing the placeholder and the sidebar's target), a client's page, filling and results. */
export const module: FeatureModule = {
  clientData: true,
  accountRoutes: [
    { path: '/patients', element: <PatientsPage /> },
    { path: '/patients/:clientId', element: <ClientPage /> },
    { path: '/patients/:clientId/responses/:responseId', element: <ResponsePage /> },
    { path: '/patients/:clientId/results/:questionnaireId', element: <ResultsPage /> },
  ],
  nav: [{ key: 'patients', to: '/patients' }],
};
