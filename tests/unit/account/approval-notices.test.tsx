import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClientDataGate } from '../../../src/client/features/account-status';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { i18n } from '../../../src/client/i18n';
import type { AppConfig } from '../../../src/client/lib/app-config';
import { createHttpClient, setHttpClient } from '../../../src/client/lib/http';
import { queryKeys } from '../../../src/client/lib/query-keys';
import { type User, useAuthStore } from '../../../src/client/stores/auth-store';

const config = (requireApproval: boolean): AppConfig => ({
  productName: 'Psychologist Platform',
  supportEmail: 'help@example.com',
  requireEmailVerification: true,
  requireApproval,
  deletionGraceDays: 30,
});
const applicant: User = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  email: 'ayse@example.com',
  emailVerified: true,
  accountStatus: 'profile_completed',
};

/** What the page asked the server for: /auth/me answers the user, new results none, anything else 404. */
let asked: string[];
function serve(user: User) {
  asked = [];
  const fakeFetch = async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    asked.push(path);
    const body =
      path === '/api/auth/me'
        ? { user }
        : path === '/api/links/new-results'
          ? { count: 0, clients: [], attention: [] }
          : undefined;
    return new Response(JSON.stringify(body ?? { code: 'NOT_FOUND', message: 'Not found.' }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  };
  setHttpClient(createHttpClient({ prefixUrl: 'http://app.test/api', fetch: fakeFetch as typeof fetch }));
}

function renderAt(path: string, user: User, requireApproval: boolean) {
  serve(user);
  useAuthStore.getState().login(user, 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.appConfig, config(requireApproval));
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      {
        path: '/patients',
        element: (
          <ClientDataGate>
            <p>the patients list</p>
          </ClientDataGate>
        ),
      },
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

beforeEach(async () => {
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  cleanup();
  useAuthStore.getState().logout();
  setHttpClient(undefined);
  await i18n.changeLanguage('en');
});

describe('the dashboard on credential review', () => {
  it('with review on, tells an account awaiting review what happens next and that a mail will come', async () => {
    renderAt('/dashboard', applicant, true);
    expect(await screen.findByText('Your credentials are under review')).toBeInTheDocument();
    expect(screen.getByText(/Patients and client intakes stay closed/)).toBeInTheDocument();
    expect(
      screen.getByText('We will send an e-mail to ayse@example.com when the review is done.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Credential review is off/)).not.toBeInTheDocument();
  });

  it('says the same in Turkish', async () => {
    await i18n.changeLanguage('tr');
    renderAt('/dashboard', { ...applicant, accountStatus: 'under_review' }, true);
    expect(await screen.findByText('Mesleki bilgileriniz inceleniyor')).toBeInTheDocument();
    expect(
      screen.getByText('İnceleme bittiğinde ayse@example.com adresine e-posta göndereceğiz.'),
    ).toBeInTheDocument();
  });

  it('does not ask an account awaiting review for client data (new results would answer 403)', async () => {
    renderAt('/dashboard', applicant, true);
    await screen.findByText('Your credentials are under review');
    await waitFor(() => expect(asked).toContain('/api/auth/me'));
    expect(asked).not.toContain('/api/links/new-results');
  });

  it('with review off, says so in one quiet line and shows no review notice', async () => {
    renderAt('/dashboard', applicant, false);
    expect(
      await screen.findByText(
        'Credential review is off on this server: every account can open client records.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your credentials are under review')).not.toBeInTheDocument();
  });

  it('with review on, shows an approved account neither notice', async () => {
    renderAt('/dashboard', { ...applicant, accountStatus: 'approved' }, true);
    await screen.findByText('Welcome, Ayşe');
    expect(screen.queryByText('Your credentials are under review')).not.toBeInTheDocument();
    expect(screen.queryByText(/Credential review is off/)).not.toBeInTheDocument();
    // the approved account's dashboard does ask for its new results, the count the notice above must not ask
    await waitFor(() => expect(asked).toContain('/api/links/new-results'));
  });
});

describe('Patients while the credentials are reviewed', () => {
  it('shows why in place of the page, with the way back to the dashboard', async () => {
    renderAt('/patients', applicant, true);
    expect(await screen.findByRole('heading', { name: 'Client records' })).toBeInTheDocument();
    expect(screen.getByText(/open once your account is approved/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('the patients list')).not.toBeInTheDocument();
  });

  it('asks an account that has not sent its credentials to complete the registration', async () => {
    renderAt('/patients', { ...applicant, accountStatus: 'email_verified' }, true);
    expect(await screen.findByText('Complete your registration first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete Now' })).toHaveAttribute('href', '/signup/step2');
  });

  it('opens the page to an approved account, and to everyone when review is off', async () => {
    renderAt('/patients', { ...applicant, accountStatus: 'approved' }, true);
    expect(await screen.findByText('the patients list')).toBeInTheDocument();
    cleanup();
    renderAt('/patients', applicant, false);
    expect(await screen.findByText('the patients list')).toBeInTheDocument();
  });
});
