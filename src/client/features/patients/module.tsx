import type { FeatureModule } from '../../app/feature-module';
import { lazyPage } from '../../components/lazy-page';

// each screen loads on first visit, so their code stays out of the entry chunk
const PatientsPage = lazyPage(() => import('./patients-page').then((m) => m.PatientsPage));
const ClientPage = lazyPage(() => import('./client-page').then((m) => m.ClientPage));
const ResponsePage = lazyPage(() => import('./response-page').then((m) => m.ResponsePage));
const ResultsPage = lazyPage(() => import('./results-page').then((m) => m.ResultsPage));
const GiveToClientPage = lazyPage(() => import('./give-to-client-page').then((m) => m.GiveToClientPage));

/**
 * /patients (replacing the placeholder and the sidebar's target), a client's page, filling and results, and the
 * choice of client for a questionnaire given from the library.
 */
export const module: FeatureModule = {
  clientData: true,
  accountRoutes: [
    { path: '/patients', element: <PatientsPage /> },
    { path: '/patients/:clientId', element: <ClientPage /> },
    { path: '/patients/give/:questionnaireId', element: <GiveToClientPage /> },
    { path: '/patients/:clientId/responses/:responseId', element: <ResponsePage /> },
    { path: '/patients/:clientId/results/:questionnaireId', element: <ResultsPage /> },
  ],
  nav: [{ key: 'patients', to: '/patients' }],
};
