import type { ReactNode } from 'react';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenLoader } from '../components/spinner';
import { useAppConfig } from '../lib/app-config';
import { useAuthStore } from '../stores/auth-store';
import { decideAccess } from './guard-rules';

/** Where the guard sent the user from, so sign-in can return them there. */
export interface FromState {
  from?: { pathname: string; search?: string };
}

/**
 * Section 4's route guard around signed-in pages. `sessionOnly` (sign-up steps 2 and 3) checks the
 * session alone. Waits, with the full-screen spinner, for the session check and the server config.
 */
export function RequireAccount({
  children,
  sessionOnly = false,
}: {
  children: ReactNode;
  sessionOnly?: boolean;
}) {
  const { isAuthenticated, isLoading, user } = useAuthStore();
  const { config, isPending } = useAppConfig();
  const location = useLocation();

  if (isLoading || (isPending && isAuthenticated && !sessionOnly)) return <FullScreenLoader />;
  const decision = decideAccess({ isAuthenticated, user, config, sessionOnly });
  if (decision.kind === 'allow') return <>{children}</>;
  if (decision.reason === 'signed-out') {
    const from = { pathname: location.pathname, search: location.search };
    return <Navigate to={decision.to} replace state={{ from } satisfies FromState} />;
  }
  if (decision.reason === 'email-unverified') {
    // still in the sign-up flow and signed in: the pending screen may poll for the verification
    return <Navigate to={decision.to} replace state={{ email: user?.email, fromSignup: true }} />;
  }
  return <Navigate to={decision.to} replace />;
}

/** Public pages that make no sense when signed in (sign-in): go to the dashboard instead. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuthStore();
  // decided once on arrival, so a successful sign-in on this page can choose its own landing
  const [signedInOnArrival] = useState(isAuthenticated);
  if (isLoading) return <FullScreenLoader />;
  if (signedInOnArrival) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/** '/' : the dashboard when signed in, sign-in otherwise. */
export function HomeRedirect() {
  const { isAuthenticated, isLoading } = useAuthStore();
  if (isLoading) return <FullScreenLoader />;
  return <Navigate to={isAuthenticated ? '/dashboard' : '/login'} replace />;
}
