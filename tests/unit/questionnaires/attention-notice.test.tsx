import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { useNewResultsNav } from '../../../src/client/app/new-results-nav';
import { Sidebar } from '../../../src/client/components/layout/sidebar';
import { NewResultsNotice } from '../../../src/client/features/dashboard/new-results-notice';
import { linkKeys } from '../../../src/client/features/patients/api/links';
import { i18n } from '../../../src/client/i18n';
import type { NewResultsView } from '../../../src/shared';

const A = '0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b';
const B = '5d1f2a3b-7c8d-4e9f-8a0b-1c2d3e4f5a6c';

async function renderWith(lang: 'en' | 'tr', view: NewResultsView, element: ReactNode) {
  await act(() => i18n.changeLanguage(lang));
  // the answer is in the cache already: nothing is fetched
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(linkKeys.newResults, view);
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function Nav() {
  return <Sidebar items={useNewResultsNav(true)} />;
}

afterEach(cleanup);
afterAll(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the dashboard: a response that needs attention', () => {
  it('is a notice of its own, apart from new results, leading to the one response', async () => {
    await renderWith(
      'en',
      { count: 2, clients: [{ clientId: B, count: 2 }], attention: [{ clientId: A, responseId: 'r1' }] },
      <NewResultsNotice />,
    );
    expect(await screen.findByText('A response needs attention')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the response' })).toHaveAttribute(
      'href',
      `/patients/${A}/responses/r1`,
    );
    expect(screen.getByText('2 new results')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the client' })).toHaveAttribute('href', `/patients/${B}`);
  });

  it('shows no attention notice when nothing waits, only the new results', async () => {
    await renderWith(
      'en',
      { count: 1, clients: [{ clientId: B, count: 1 }], attention: [] },
      <NewResultsNotice />,
    );
    expect(await screen.findByText('1 new result')).toBeVisible();
    expect(screen.queryByText(/needs? attention/)).toBeNull();
  });

  it('says it in Turkish', async () => {
    await renderWith(
      'tr',
      {
        count: 0,
        clients: [],
        attention: [
          { clientId: A, responseId: 'r1' },
          { clientId: B, responseId: 'r2' },
        ],
      },
      <NewResultsNotice />,
    );
    expect(await screen.findByText('2 yanıt dikkat gerektiriyor')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Danışanları aç' })).toHaveAttribute('href', '/patients');
  });
});

describe('the sidebar badge', () => {
  it('says "Needs attention" in words while a response waits, and tells a screen reader both counts', async () => {
    await renderWith(
      'en',
      { count: 3, clients: [{ clientId: B, count: 3 }], attention: [{ clientId: A, responseId: 'r1' }] },
      <Nav />,
    );
    expect(await screen.findByTestId('nav-badge-patients')).toHaveTextContent('Needs attention');
    expect(screen.getByRole('link', { name: /Patients/ })).toHaveAccessibleName(
      'Patients, 1 response needs attention, 3 new results',
    );
  });

  it('keeps the count of new results when nothing needs attention', async () => {
    await renderWith('en', { count: 3, clients: [{ clientId: B, count: 3 }], attention: [] }, <Nav />);
    expect(await screen.findByTestId('nav-badge-patients')).toHaveTextContent('3');
    expect(screen.queryByTestId('attention-marker')).toBeNull();
  });
});
