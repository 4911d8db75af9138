import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkKeys } from '../../../src/client/features/patients/api/links';
import { type ClientListItem, clientKeys } from '../../../src/client/features/patients/api/types';
import { PatientsPage } from '../../../src/client/features/patients/patients-page';
import { i18n } from '../../../src/client/i18n';

/** A caseload of `n` clients, latest activity first, as GET /clients answers it. */
const caseload = (n: number): ClientListItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Danışan ${i + 1}`,
    age: 9,
    intakeStatus: 'submitted',
    lastActivity: new Date(Date.UTC(2026, 10, 20) - i * 86_400_000).toISOString(),
  }));

async function renderPage(lang: 'en' | 'tr', clients: ClientListItem[]) {
  await i18n.changeLanguage(lang);
  // the answers are in the cache already: nothing is fetched
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(clientKeys.list(''), clients);
  queryClient.setQueryData(linkKeys.newResults, { count: 0, clients: [], attention: [] });
  const router = createMemoryRouter([{ path: '/patients', element: <PatientsPage /> }], {
    initialEntries: ['/patients'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeAll(() => {
  // jsdom does not know HTML's <search> element yet (browsers do), and React would warn of an unknown tag
  Object.defineProperty(HTMLUnknownElement.prototype, Symbol.toStringTag, {
    configurable: true,
    get(this: Element) {
      return this.localName === 'search' ? 'HTMLElement' : 'HTMLUnknownElement';
    },
  });
});

const drawnClients = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('the Patients list of a large caseload', () => {
  afterEach(cleanup);

  it('draws the first 25 clients only and says how many there are', async () => {
    await renderPage('en', caseload(2000));
    expect(drawnClients()).toHaveLength(25);
    expect(screen.getByRole('link', { name: 'Danışan 1' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Danışan 25' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Danışan 26' })).toBeNull();
    expect(screen.getByText('Showing 25 of 2,000 clients, latest activity first.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Show 25 more clients' })).toHaveAccessibleDescription(
      'Showing 25 of 2,000 clients, latest activity first.',
    );
  });

  it('adds the next clients from the keyboard and puts the focus on the first one added', async () => {
    const user = userEvent.setup();
    await renderPage('en', caseload(60));
    const more = screen.getByRole('button', { name: 'Show 25 more clients' });
    more.focus();
    await user.keyboard('{Enter}');
    expect(drawnClients()).toHaveLength(50);
    expect(screen.getByRole('link', { name: 'Danışan 26' })).toHaveFocus();
    // Tab goes on down the list from there
    await user.tab();
    expect(screen.getByRole('link', { name: 'Danışan 27' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Show 10 more clients' }));
    expect(drawnClients()).toHaveLength(60);
    expect(screen.getByRole('link', { name: 'Danışan 51' })).toHaveFocus();
    // everything is drawn: nothing more to show
    expect(screen.queryByRole('button', { name: /more client/ })).toBeNull();
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it('a small caseload is drawn whole, with no button', async () => {
    await renderPage('en', caseload(25));
    expect(drawnClients()).toHaveLength(25);
    expect(screen.queryByRole('button', { name: /more client/ })).toBeNull();
  });

  it('says it in Turkish', async () => {
    await renderPage('tr', caseload(2000));
    expect(
      screen.getByText('2.000 danışandan 25 tanesi gösteriliyor; son işlem tarihine göre sıralı.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: '25 danışan daha göster' })).toBeVisible();
  });
});
