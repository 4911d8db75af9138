import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from '../components/error-screen';
import { useAppConfig } from '../lib/app-config';

/** The router catches rendering errors of routes itself; show them on the same 'Something went wrong' screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { config } = useAppConfig();
  const asError =
    error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Unknown error');
  return <ErrorScreen error={asError} supportEmail={config.supportEmail} />;
}
