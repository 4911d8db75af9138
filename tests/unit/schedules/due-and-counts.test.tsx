import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkKeys } from '../../../src/client/features/patients/api/links';
import { type ClientListItem, clientKeys } from '../../../src/client/features/patients/api/types';
import { PatientsPage } from '../../../src/client/features/patients/patients-page';
import { scheduleKeys } from '../../../src/client/features/schedules/api/schedules';
import { DuePage } from '../../../src/client/features/schedules/due-page';
import { i18n } from '../../../src/client/i18n';
import { questionnaireKeys } from '../../../src/client/lib/questionnaire-api';
import type { DueOccurrenceView } from '../../../src/shared';
import { HOME } from '../questionnaires/library-entries';

const http = vi.hoisted(() => ({ get: vi.fn(async () => []), post: vi.fn(), put: vi.fn() }));
vi.mock('../../../src/client/lib/http', () => ({ http }));

const client = (id: string, name: string, schedules?: ClientListItem['schedules']): ClientListItem => ({
  id,
  name,
  age: 9,
  intakeStatus: 'submitted',
  lastActivity: '2026-11-20T10:00:00.000Z',
  ...(schedules ? { schedules } : {}),
});
const ZEYNEP = '0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b';
const DUE: DueOccurrenceView[] = [
  {
    occurrence: {
      id: 'o1',
      scheduleId: 's1',
      dueOn: '2026-10-01',
      state: 'overdue',
      linkId: 'l1',
      responseId: null,
      sentAt: '2026-10-01T07:00:00.000Z',
      remindedAt: null,
      answeredAt: null,
    },
    clientId: ZEYNEP,
    clientName: 'Zeynep Karaçam',
    questionnaireId: 'home-routines',
    respondent: 'guardian',
  },
];

async function renderAt(path: string, cache: (queryClient: QueryClient) => void) {
  await i18n.changeLanguage('tr');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: 0 } },
  });
  queryClient.setQueryData(questionnaireKeys.library, [HOME]);
  queryClient.setQueryData(linkKeys.newResults, { clients: [], attention: [] });
  cache(queryClient);
  const router = createMemoryRouter(
    [
      { path: '/patients', element: <PatientsPage /> },
      { path: '/schedules/due', element: <DuePage /> },
    ],
    { initialEntries: [path] },
  );
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

describe('scheduled sendings on Patients and on Everything due', () => {
  beforeEach(() => {
    http.post.mockReset();
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it("shows each client's due and overdue sendings in words, and nothing where none waits", async () => {
    await renderAt('/patients', (queryClient) =>
      queryClient.setQueryData(clientKeys.list(''), [
        client(ZEYNEP, 'Zeynep Karaçam', { due: 2, overdue: 1 }),
        client('5d1f2a3b-7c8d-4e9f-8a0b-1c2d3e4f5a6c', 'Deniz Aksoy', { due: 0, overdue: 0 }),
        client('9e2d3c4b-5a6f-4e7d-8c9b-0a1b2c3d4e5f', 'Ali Demir'),
      ]),
    );
    const zeynep = await screen.findByRole('link', { name: 'Zeynep Karaçam' });
    expect(zeynep).toHaveAccessibleDescription('1 gecikmiş, 2 gönderimin zamanı geldi');
    expect(screen.getAllByTestId('schedule-counts')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Zamanı gelen tüm gönderimler' })).toHaveAttribute(
      'href',
      '/schedules/due',
    );
  });

  it('lists every due sending with its client, and cancels one', async () => {
    http.post.mockResolvedValue({});
    await renderAt('/schedules/due', (queryClient) => queryClient.setQueryData(scheduleKeys.due, DUE));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zamanı gelen gönderimler' }),
    ).toBeInTheDocument();
    // the table (phones get the same rows as a list)
    const table = screen.getByRole('table');
    const row = within(table).getByRole('link', { name: 'Zeynep Karaçam' }).closest('tr')!;
    expect(within(table).getByRole('link', { name: 'Zeynep Karaçam' })).toHaveAttribute(
      'href',
      `/patients/${ZEYNEP}`,
    );
    expect(row).toHaveTextContent('Evdeki Düzen');
    expect(row).toHaveTextContent('Veli');
    expect(row).toHaveTextContent('1 Ekim 2026');
    expect(row).toHaveTextContent('Gecikti');
    fireEvent.click(
      within(row).getByRole('button', {
        name: 'İptal et: Zeynep Karaçam için 1 Ekim 2026 tarihli Evdeki Düzen gönderimi',
      }),
    );
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('occurrences/o1/cancel', {}));
  });

  it('says when nothing is due', async () => {
    await renderAt('/schedules/due', (queryClient) => queryClient.setQueryData(scheduleKeys.due, []));
    expect(await screen.findByText('Zamanı gelmiş ya da gecikmiş gönderim yok.')).toBeInTheDocument();
  });
});
