import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { Toaster } from '../components/toast';
import { AppFormEngineProvider } from '../forms/app-form-engine-provider';
import { i18n } from '../i18n';
import { useAppConfig } from '../lib/app-config';
import { configureHttp } from '../lib/http';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const queryClient = createQueryClient();

function Routed() {
  const router = useMemo(() => {
    const created = createAppRouter();
    // a 401 ended the session: go to sign-in inside the app, keeping the toasts and the cache
    configureHttp({ onUnauthorized: () => void created.navigate('/login', { replace: true }) });
    return created;
  }, []);
  const { config } = useAppConfig();
  return (
    <ErrorBoundary supportEmail={config.supportEmail}>
      <RouterProvider router={router} />
      <Toaster />
    </ErrorBoundary>
  );
}

/** Providers (i18n, server data, form engine) and the router. */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppFormEngineProvider>
          <Routed />
        </AppFormEngineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
