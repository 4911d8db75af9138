import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { decideAccess, type GuardInput } from '../../../src/client/app/guard-rules';
import { RedirectIfSignedIn, RequireAccount } from '../../../src/client/app/guards';
import { i18n } from '../../../src/client/i18n';
import type { AppConfig } from '../../../src/client/lib/app-config';
import { queryKeys } from '../../../src/client/lib/query-keys';
import { type User, useAuthStore } from '../../../src/client/stores/auth-store';

const verified: GuardInput['config'] = { requireEmailVerification: true, requireApproval: false };
const approvalToo: GuardInput['config'] = { requireEmailVerification: true, requireApproval: true };
const neither: GuardInput['config'] = { requireEmailVerification: false, requireApproval: false };

describe('route guard rules (spec section 4)', () => {
  it('sends a signed-out visitor to /login', () => {
    expect(decideAccess({ isAuthenticated: false, user: null, config: verified })).toEqual({
      kind: 'redirect',
      to: '/login',
      reason: 'signed-out',
    });
  });

  it.each([
    [verified, false, 'approved', '/verify-email/pending'],
    [verified, true, 'email_verified', null],
    [neither, false, 'pending_verification', null],
    [approvalToo, true, 'approved', null],
    [approvalToo, true, 'pending_verification', '/pending-approval'],
    [approvalToo, true, 'rejected', '/account-rejected'],
    [approvalToo, true, 'SUSPENDED', '/account-suspended'],
    [approvalToo, true, 'profile_completed', null],
    [approvalToo, true, 'under_review', null],
    [approvalToo, false, 'rejected', '/verify-email/pending'],
    [verified, true, 'suspended', null],
  ])('with %j, emailVerified %s and status %s goes to %s', (config, emailVerified, accountStatus, to) => {
    const decision = decideAccess({ isAuthenticated: true, user: { emailVerified, accountStatus }, config });
    if (to === null) expect(decision).toEqual({ kind: 'allow' });
    else expect(decision).toMatchObject({ kind: 'redirect', to });
  });

  it('sign-up steps 2 and 3 need a session only', () => {
    const user = { emailVerified: false, accountStatus: 'rejected' };
    expect(decideAccess({ isAuthenticated: true, user, config: approvalToo, sessionOnly: true })).toEqual({
      kind: 'allow',
    });
    expect(
      decideAccess({ isAuthenticated: false, user: null, config: approvalToo, sessionOnly: true }),
    ).toMatchObject({
      to: '/login',
    });
  });
});

function Where() {
  const location = useLocation();
  return (
    <p>
      at {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

function renderAt(path: string, config: AppConfig) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.appConfig, config);
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <RequireAccount>
            <p>dashboard content</p>
          </RequireAccount>
        ),
      },
      {
        path: '/login',
        element: (
          <RedirectIfSignedIn>
            <Where />
          </RedirectIfSignedIn>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const config: AppConfig = {
  productName: 'Psychologist Platform',
  supportEmail: 'help@example.com',
  requireEmailVerification: true,
  requireApproval: true,
  deletionGraceDays: 30,
};
const user: User = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  email: 'ayse@example.com',
  emailVerified: true,
  accountStatus: 'approved',
};

describe('RequireAccount', () => {
  beforeEach(() => {
    cleanup();
    useAuthStore.getState().logout();
  });

  it('remembers where a signed-out visitor came from on the way to /login', async () => {
    renderAt('/dashboard?tab=1', config);
    expect(await screen.findByText(/at \/login/)).toHaveTextContent(
      '"from":{"pathname":"/dashboard","search":"?tab=1"}',
    );
  });

  it('shows the page to an approved, verified user', async () => {
    useAuthStore.getState().login(user, 'token');
    renderAt('/dashboard', config);
    expect(await screen.findByText('dashboard content')).toBeInTheDocument();
  });

  it('passes the e-mail along to /verify-email/pending', async () => {
    useAuthStore.getState().login({ ...user, emailVerified: false }, 'token');
    renderAt('/dashboard', config);
    expect(await screen.findByText(/at \/verify-email\/pending/)).toHaveTextContent(
      '"email":"ayse@example.com"',
    );
  });

  it('sends a rejected account to /account-rejected when approval is required', async () => {
    useAuthStore.getState().login({ ...user, accountStatus: 'rejected' }, 'token');
    renderAt('/dashboard', config);
    expect(await screen.findByText(/at \/account-rejected/)).toBeInTheDocument();
  });

  it('shows the full-screen Loading... while the session is checked', () => {
    useAuthStore.getState().login(user, 'token');
    useAuthStore.getState().setLoading(true);
    renderAt('/dashboard', config);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('/login sends a signed-in user to /dashboard', async () => {
    useAuthStore.getState().login(user, 'token');
    renderAt('/login', config);
    expect(await screen.findByText('dashboard content')).toBeInTheDocument();
  });
});
