import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DashboardPage } from '../../../src/client/features/dashboard/dashboard-page';
import { clientKeys } from '../../../src/client/features/patients/api/types';
import { i18n } from '../../../src/client/i18n';
import type { AppConfig } from '../../../src/client/lib/app-config';
import { createHttpClient, setHttpClient } from '../../../src/client/lib/http';
import { queryKeys } from '../../../src/client/lib/query-keys';
import { type User, useAuthStore } from '../../../src/client/stores/auth-store';

const config: AppConfig = {
  productName: 'Psychologist Platform',
  supportEmail: 'help@example.com',
  requireEmailVerification: true,
  requireApproval: false,
  deletionGraceDays: 30,
};
const practitioner: User = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  email: 'ayse@example.com',
  emailVerified: true,
  accountStatus: 'approved',
};
const ADA = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Demir', age: 9 };

/** The server of the page: the user, no new results, and these clients. */
function renderDashboard(user: User, clients: unknown[]) {
  const fakeFetch = async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    const body =
      path === '/api/auth/me'
        ? { user }
        : path === '/api/links/new-results'
          ? { count: 0, clients: [], attention: [] }
          : path === '/api/clients'
            ? clients
            : undefined;
    return new Response(JSON.stringify(body ?? { code: 'NOT_FOUND', message: 'Not found.' }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  };
  setHttpClient(createHttpClient({ prefixUrl: 'http://app.test/api', fetch: fakeFetch as typeof fetch }));
  useAuthStore.getState().login(user, 'token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.appConfig, config);
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: ['/dashboard'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

/** The page's actions drawn as primary buttons (links and buttons alike; the completion modal has its own). */
const primaryActions = () =>
  [...document.querySelectorAll('a, button')].filter(
    (el) => el.className.includes('bg-accent-700') && !el.closest('[role="dialog"]'),
  );

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

describe('the first dashboard', () => {
  it('with no client yet, has one primary action: Add your first client, to a new intake', async () => {
    renderDashboard(practitioner, []);
    const add = await screen.findByRole('link', { name: 'Add your first client' });
    expect(add).toHaveAttribute('href', '/client-intake/new');
    expect(primaryActions()).toEqual([add]);
  });

  it('once a client exists, no longer offers it', async () => {
    const client = renderDashboard(practitioner, [ADA]);
    await screen.findByText('Welcome, Ayşe');
    // the clients' answer has come in: only then does "not offered" mean anything
    await waitFor(() => expect(client.getQueryState(clientKeys.list(''))?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: 'Add your first client' })).toBeNull();
  });

  it('while registration is not complete, Complete Now stays the one primary action', async () => {
    renderDashboard({ ...practitioner, accountStatus: 'email_verified' }, []);
    const add = await screen.findByRole('link', { name: 'Add your first client' });
    expect(add.className).not.toContain('bg-accent-700');
    expect(primaryActions().map((el) => el.textContent)).toEqual(['Complete Now']);
  });

  it('says the optional step 3 was skipped when nothing of it was sent, in both languages', async () => {
    renderDashboard(practitioner, [ADA]);
    const progress = (await screen.findByText('Registration progress')).closest('section') ?? document.body;
    expect(within(progress as HTMLElement).getByText('Skipped (optional)')).toBeInTheDocument();
    cleanup();
    await i18n.changeLanguage('tr');
    renderDashboard({ ...practitioner, biography: 'Çocuk ve ergen psikolojisi' }, [ADA]);
    expect(await screen.findAllByText('Tamamlandı')).toHaveLength(3);
    expect(screen.queryByText('Atlandı (isteğe bağlı)')).toBeNull();
  });
});
