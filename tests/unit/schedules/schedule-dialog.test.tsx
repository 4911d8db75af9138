import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScheduleDialog } from '../../../src/client/features/schedules/schedule-dialog';
import { i18n } from '../../../src/client/i18n';
import { ApiError } from '../../../src/client/lib/api-error';
import { questionnaireKeys } from '../../../src/client/lib/questionnaire-api';
import type { LibraryEntry } from '../../../src/shared';
import { CLIENT, HOME } from '../questionnaires/library-entries';

const http = vi.hoisted(() => ({ get: vi.fn(async () => []), post: vi.fn(), put: vi.fn() }));
vi.mock('../../../src/client/lib/http', () => ({ http }));
// the dialog counts from Istanbul's today: fixed, so the defaults are known
vi.mock('../../../src/client/features/schedules/days', async (original) => ({
  ...(await original<typeof import('../../../src/client/features/schedules/days')>()),
  istanbulToday: () => '2026-11-26',
}));

/** Two respondents a link may reach, and one (the practitioner) it may not. */
const SCHOOL: LibraryEntry = {
  ...HOME,
  id: 'school-days',
  title: { en: 'School Days', tr: 'Okul Günleri' },
  respondents: ['practitioner', 'teacher', 'self'],
  languages: ['tr'],
};
const CLINICIAN: LibraryEntry = {
  ...HOME,
  id: 'clinician',
  title: { en: 'Clinician', tr: 'Uzman' },
  respondents: ['practitioner'],
};

const creates = () => http.post.mock.calls.filter(([path]) => path === `clients/${CLIENT}/schedules`);
const issued = (code: string | null) => ({
  schedule: { id: 's1', startOn: '2026-11-26', occurrences: [{ dueOn: '2026-11-26', state: 'due' }] },
  code,
});

async function renderDialog(onClose = () => {}) {
  await i18n.changeLanguage('tr');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: 0 } },
  });
  queryClient.setQueryData(questionnaireKeys.library, [HOME, SCHOOL, CLINICIAN]);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ScheduleDialog clientId={CLIENT} open onClose={onClose} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return screen.findByRole('dialog', { name: 'Ölçeği takvimle tekrarla' });
}

describe('the Repeat dialog', () => {
  beforeEach(() => {
    http.post.mockReset();
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('offers only questionnaires and respondents a link can reach', async () => {
    const dialog = await renderDialog();
    const questionnaire = within(dialog).getByLabelText('Ölçek');
    expect(
      within(questionnaire)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Evdeki Düzen', 'Okul Günleri']);
    fireEvent.change(questionnaire, { target: { value: 'school-days' } });
    const who = within(dialog).getByLabelText('Kim yanıtlayacak');
    expect(
      within(who)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Öğretmen', 'Çocuk/genç kendisi']);
    // a questionnaire only in Turkish is filled in Turkish
    expect(within(dialog).getAllByRole('radio', { name: /Türkçe|English|İngilizce/ })).toHaveLength(1);
  });

  it('shows the defaults: every 4 weeks from today, 6 times, a reminder after 3 days', async () => {
    const dialog = await renderDialog();
    expect(within(dialog).getByRole('radio', { name: 'Birkaç haftada bir' })).toBeChecked();
    expect(within(dialog).getByLabelText('Kaç haftada bir')).toHaveValue('4');
    expect(within(dialog).getByLabelText('İlk gönderim günü')).toHaveValue('2026-11-26');
    expect(within(dialog).getByLabelText('Gönderim sayısı')).toHaveValue('6');
    expect(within(dialog).getByRole('checkbox', { name: 'Yanıtlanmazsa bir kez hatırlat' })).toBeChecked();
    expect(within(dialog).getByLabelText('Kaç gün sonra hatırlatılsın')).toHaveValue('3');
  });

  it('says what is wrong in words, in a summary that takes focus and under each field; nothing is sent', async () => {
    const dialog = await renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Kaç haftada bir'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Takvimi oluştur' }));
    const summary = await within(dialog).findByRole('alert');
    expect(summary).toHaveTextContent('Düzeltilmesi gereken alanlar var');
    await waitFor(() => expect(summary).toHaveFocus());
    const email = within(dialog).getByLabelText(/Bağlantıların gönderileceği e-posta adresi/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(
      'Her bağlantı, zamanı geldiğinde bu adrese gönderilir. Bağlantıların gönderileceği e-posta adresini girin',
    );
    expect(within(dialog).getByLabelText('Kaç haftada bir')).toHaveAccessibleDescription(
      '1 ile 52 arasında tam sayı olarak hafta girin',
    );
    // the summary's links lead to the fields
    fireEvent.click(
      within(summary).getByRole('link', { name: 'Bağlantıların gönderileceği e-posta adresini girin' }),
    );
    expect(email).toHaveFocus();
    // the messages follow the corrections
    fireEvent.change(email, { target: { value: 'veli@example.com' } });
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(creates()).toHaveLength(0);
  });

  it('makes the schedule on listed days and shows its code once', async () => {
    http.post.mockResolvedValue(issued('482913'));
    const dialog = await renderDialog();
    fireEvent.change(within(dialog).getByLabelText(/Bağlantıların gönderileceği e-posta adresi/), {
      target: { value: 'veli@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Seçilen günlerde' }));
    fireEvent.change(within(dialog).getByLabelText('1. gün'), { target: { value: '2026-12-03' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gün ekle' }));
    fireEvent.change(within(dialog).getByLabelText('2. gün'), { target: { value: '2027-01-07' } });
    // listed days end by themselves: no count or last day is asked
    expect(within(dialog).queryByLabelText('Gönderim sayısı')).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /6 haneli kod/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Takvimi oluştur' }));

    expect(await screen.findByRole('dialog', { name: 'Takvim oluşturuldu' })).toBeInTheDocument();
    expect(screen.getByTestId('schedule-code')).toHaveTextContent('482913');
    expect(screen.getByTestId('schedule-made')).toHaveTextContent('İlk bağlantı 26 Kasım 2026 tarihinde');
    expect(creates()).toHaveLength(1);
    expect(creates()[0]![1]).toEqual({
      questionnaireId: 'home-routines',
      respondent: 'guardian',
      language: 'tr',
      email: 'veli@example.com',
      dates: ['2026-12-03', '2027-01-07'],
      remindAfterDays: 3,
      withCode: true,
    });
  });

  it('warns outside the age range as the link dialog does, and makes it with the override once confirmed', async () => {
    http.post.mockImplementation(async (_path: string, body: { ageOverride?: boolean }) => {
      if (body?.ageOverride) return issued(null);
      throw new ApiError({ status: 409, code: 'AGE_OUTSIDE_RANGE', message: 'x', body: { age: 15 } });
    });
    const dialog = await renderDialog();
    fireEvent.change(within(dialog).getByLabelText(/Bağlantıların gönderileceği e-posta adresi/), {
      target: { value: 'veli@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Takvimi oluştur' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Evdeki Düzen 6-12 yaş içindir; bu danışan 15 yaşında.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yine de takvimi oluştur' }));
    await screen.findByRole('dialog', { name: 'Takvim oluşturuldu' });
    expect(creates()[1]![1]).toMatchObject({ ageOverride: true, everyWeeks: 4, times: 6 });
    expect(creates()[0]![1]).not.toHaveProperty('ageOverride');
    expect(screen.queryByTestId('schedule-code')).toBeNull();
  });

  it("shows the server's refusal in words", async () => {
    http.post.mockRejectedValue(
      new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'Geçersiz istek.' }),
    );
    const dialog = await renderDialog();
    fireEvent.change(within(dialog).getByLabelText(/Bağlantıların gönderileceği e-posta adresi/), {
      target: { value: 'veli@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Takvimi oluştur' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Takvim oluşturulamadı.');
    expect(alert).toHaveTextContent('Geçersiz istek.');
  });
});
