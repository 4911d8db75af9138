import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleKeys } from '../../../src/client/features/schedules/api/schedules';
import { ClientSchedules } from '../../../src/client/features/schedules/client-schedules';
import { i18n } from '../../../src/client/i18n';
import { questionnaireKeys } from '../../../src/client/lib/questionnaire-api';
import type { OccurrenceView, ScheduleView } from '../../../src/shared';
import { CLIENT, HOME } from '../questionnaires/library-entries';

const http = vi.hoisted(() => ({ get: vi.fn(async () => []), post: vi.fn(), put: vi.fn() }));
vi.mock('../../../src/client/lib/http', () => ({ http }));

const occurrence = (n: number, change: Partial<OccurrenceView>): OccurrenceView => ({
  id: `o${n}`,
  scheduleId: 's1',
  dueOn: '2026-11-26',
  state: 'due',
  linkId: null,
  responseId: null,
  sentAt: null,
  remindedAt: null,
  answeredAt: null,
  ...change,
});
const SCHEDULE: ScheduleView = {
  id: 's1',
  clientId: CLIENT,
  questionnaireId: 'home-routines',
  respondent: 'guardian',
  language: 'tr',
  email: 'veli@example.com',
  everyWeeks: 4,
  dates: null,
  startOn: '2026-09-03',
  until: null,
  times: 5,
  remindAfterDays: 3,
  hasCode: false,
  state: 'active',
  nextDueOn: '2026-12-24',
  createdAt: '2026-09-03T07:00:00.000Z',
  occurrences: [
    occurrence(1, {
      dueOn: '2026-09-03',
      state: 'answered',
      linkId: 'l1',
      responseId: 'r1',
      sentAt: '2026-09-03T07:01:00.000Z',
      answeredAt: '2026-09-05T18:00:00.000Z',
    }),
    occurrence(2, {
      dueOn: '2026-10-01',
      state: 'overdue',
      linkId: 'l2',
      sentAt: '2026-10-01T07:01:00.000Z',
      remindedAt: '2026-10-04T07:01:00.000Z',
    }),
    occurrence(3, { dueOn: '2026-10-29', state: 'cancelled' }),
    occurrence(4, { dueOn: '2026-11-26', state: 'sent', linkId: 'l4', sentAt: '2026-11-26T07:01:00.000Z' }),
    occurrence(5, { dueOn: '2026-12-24', state: 'due' }),
  ],
};

async function renderSchedules(schedules: ScheduleView[]) {
  await i18n.changeLanguage('tr');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: 0 } },
  });
  queryClient.setQueryData(questionnaireKeys.library, [HOME]);
  queryClient.setQueryData(scheduleKeys.ofClient(CLIENT), schedules);
  const router = createMemoryRouter(
    [{ path: '/patients/:clientId', element: <ClientSchedules clientId={CLIENT} /> }],
    {
      initialEntries: [`/patients/${CLIENT}`],
    },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe("the client page's schedules", () => {
  beforeEach(() => {
    http.post.mockReset();
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('says there are none, and offers Repeat', async () => {
    await renderSchedules([]);
    expect(await screen.findByText('Henüz takvim yok.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tekrarla' }));
    expect(await screen.findByRole('dialog', { name: 'Ölçeği takvimle tekrarla' })).toBeInTheDocument();
  });

  it('names the questionnaire, who answers, the rule in words, the state and the next sending', async () => {
    await renderSchedules([SCHEDULE]);
    const item = await screen.findByTestId('schedule');
    expect(within(item).getByRole('heading', { level: 4 })).toHaveTextContent('Evdeki Düzen · Veli');
    expect(item).toHaveTextContent('3 Eylül 2026 tarihinden itibaren 4 haftada bir, 5 kez');
    expect(item).toHaveTextContent('Alıcı: veli@example.com · 3 gün sonra hatırlatma · Türkçe');
    expect(within(item).getByTestId('schedule-state')).toHaveTextContent('Etkin');
    expect(item).toHaveTextContent('Sonraki gönderim: 24 Aralık 2026');
  });

  it('lists every sending with its state in words and its dates; an answered one leads to its response', async () => {
    await renderSchedules([SCHEDULE]);
    const rows = await screen.findAllByTestId('occurrence');
    expect(rows.map((row) => row.querySelector('[data-state]')?.textContent)).toEqual([
      '✓Yanıtlandı',
      '!Gecikti',
      '×İptal edildi',
      '✉Gönderildi',
      '◷Zamanı geldi',
    ]);
    expect(rows[0]).toHaveTextContent('Planlanan: 3 Eylül 2026');
    expect(rows[0]).toHaveTextContent('gönderildi: 3 Eylül 2026 · yanıtlandı: 5 Eylül 2026');
    expect(rows[1]).toHaveTextContent('hatırlatıldı: 4 Ekim 2026');
    const open = within(rows[0]!).getByRole('link', { name: 'Yanıtı aç: 3 Eylül 2026 tarihli yanıt' });
    expect(open).toHaveAttribute('href', `/patients/${CLIENT}/responses/r1`);
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
  });

  it('pauses an active schedule and resumes a paused one', async () => {
    http.post.mockResolvedValue({});
    await renderSchedules([SCHEDULE, { ...SCHEDULE, id: 's2', state: 'paused', nextDueOn: null }]);
    const [paused, active] = await screen.findAllByTestId('schedule');
    expect(within(paused!).getByTestId('schedule-state')).toHaveTextContent('Duraklatıldı');
    expect(paused).toHaveTextContent('Gönderilecek başka bağlantı yok');
    // both at once: a change refreshes the list
    fireEvent.click(within(active!).getByRole('button', { name: 'Duraklat: Evdeki Düzen · Veli' }));
    fireEvent.click(within(paused!).getByRole('button', { name: 'Sürdür: Evdeki Düzen · Veli' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('schedules/s1/pause', {}));
    expect(http.post).toHaveBeenCalledWith('schedules/s2/resume', {});
  });

  it('stops only once the practitioner confirms', async () => {
    http.post.mockResolvedValue({});
    await renderSchedules([SCHEDULE]);
    fireEvent.click(await screen.findByRole('button', { name: 'Durdur: Evdeki Düzen · Veli' }));
    const confirm = await screen.findByRole('dialog', { name: 'Bu takvim durdurulsun mu?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Vazgeç' }));
    expect(http.post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Durdur: Evdeki Düzen · Veli' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Bu takvim durdurulsun mu?' })).getByRole('button', {
        name: 'Takvimi durdur',
      }),
    );
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('schedules/s1/stop', {}));
  });

  it('offers nothing to change on a stopped or finished schedule', async () => {
    await renderSchedules([
      { ...SCHEDULE, state: 'stopped', nextDueOn: null },
      { ...SCHEDULE, id: 's2', state: 'finished', nextDueOn: null },
    ]);
    const items = await screen.findAllByTestId('schedule');
    expect(items.map((item) => within(item).getByTestId('schedule-state').textContent)).toEqual([
      '✓Tamamlandı',
      '■Durduruldu',
    ]);
    for (const item of items) expect(within(item).queryByRole('button')).toBeNull();
  });
});
