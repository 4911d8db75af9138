import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkKeys } from '../../../src/client/features/patients/api/links';
import { type ClientListItem, clientKeys } from '../../../src/client/features/patients/api/types';
import { PatientsPage } from '../../../src/client/features/patients/patients-page';
import { i18n } from '../../../src/client/i18n';
import type { NewResultsView } from '../../../src/shared';
import { attentionItem } from '../../fixtures/attention';

const client = (id: string, name: string): ClientListItem => ({
  id,
  name,
  age: 9,
  intakeStatus: 'submitted',
  lastActivity: '2026-11-20T10:00:00.000Z',
});
const CLIENTS = [
  client('0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b', 'Zeynep Karaçam'),
  client('5d1f2a3b-7c8d-4e9f-8a0b-1c2d3e4f5a6c', 'Deniz Aksoy'),
  client('9e2d3c4b-5a6f-4e7d-8c9b-0a1b2c3d4e5f', 'Ali Demir'),
];

async function renderList(
  lang: 'en' | 'tr',
  newResults: Omit<NewResultsView, 'attention'> & Partial<Pick<NewResultsView, 'attention'>>,
) {
  await i18n.changeLanguage(lang);
  // the answers are in the cache already: nothing is fetched
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(clientKeys.list(''), CLIENTS);
  queryClient.setQueryData(linkKeys.newResults, { attention: [], ...newResults });
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

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('li')!;

describe('the Patients list', () => {
  afterEach(cleanup);

  it('marks in words each client with results not looked at yet, with the count when more than one', async () => {
    await renderList('en', {
      count: 3,
      clients: [
        { clientId: CLIENTS[0]!.id, count: 2 },
        { clientId: CLIENTS[1]!.id, count: 1 },
      ],
    });
    expect(within(rowOf('Zeynep Karaçam')).getByText('2 new results')).toBeVisible();
    expect(within(rowOf('Deniz Aksoy')).getByText('New result')).toBeVisible();
    expect(within(rowOf('Ali Demir')).queryByTestId('new-results-marker')).toBeNull();
    // a screen reader hears it with the client's name, not only as a colour
    expect(screen.getByRole('link', { name: 'Zeynep Karaçam' })).toHaveAccessibleDescription('2 new results');
    expect(screen.getByRole('link', { name: 'Ali Demir' })).not.toHaveAttribute('aria-describedby');
  });

  it('says it in Turkish', async () => {
    await renderList('tr', {
      count: 3,
      clients: [
        { clientId: CLIENTS[0]!.id, count: 1 },
        { clientId: CLIENTS[2]!.id, count: 2 },
      ],
    });
    expect(screen.getByRole('link', { name: 'Zeynep Karaçam' })).toHaveAccessibleDescription('Yeni sonuç');
    expect(screen.getByRole('link', { name: 'Ali Demir' })).toHaveAccessibleDescription('2 yeni sonuç');
  });

  it('marks no client once every result has been looked at', async () => {
    await renderList('en', { count: 0, clients: [] });
    expect(screen.getAllByRole('link', { name: /Karaçam|Aksoy|Demir/ })).toHaveLength(3);
    expect(screen.queryByTestId('new-results-marker')).toBeNull();
  });

  it('marks apart, in words, a client whose response needs attention, whether or not it came by link', async () => {
    await renderList('en', {
      count: 1,
      clients: [{ clientId: CLIENTS[0]!.id, count: 1 }],
      attention: [attentionItem(CLIENTS[0]!.id, 'a1'), attentionItem(CLIENTS[2]!.id, 'a2')],
    });
    expect(within(rowOf('Zeynep Karaçam')).getByTestId('attention-marker')).toHaveTextContent(
      'Needs attention',
    );
    expect(screen.getByRole('link', { name: 'Zeynep Karaçam' })).toHaveAccessibleDescription(
      'Needs attention New result',
    );
    // a response filled in session needs attention too, without any new result by link
    expect(screen.getByRole('link', { name: 'Ali Demir' })).toHaveAccessibleDescription('Needs attention');
    expect(within(rowOf('Deniz Aksoy')).queryByTestId('attention-marker')).toBeNull();
  });

  it('says "Needs attention" in Turkish', async () => {
    await renderList('tr', {
      count: 0,
      clients: [],
      attention: [attentionItem(CLIENTS[1]!.id, 'a1')],
    });
    expect(screen.getByRole('link', { name: 'Deniz Aksoy' })).toHaveAccessibleDescription(
      'Dikkat gerektiriyor',
    );
  });
});
