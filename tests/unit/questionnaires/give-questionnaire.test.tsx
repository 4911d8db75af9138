import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GiveQuestionnaire } from '../../../src/client/features/patients/give-questionnaire';
import { i18n } from '../../../src/client/i18n';
import { ApiError } from '../../../src/client/lib/api-error';
import { type LibraryEntry, questionnaireKeys } from '../../../src/client/lib/questionnaire-api';

const give = vi.hoisted(() => vi.fn());
vi.mock('../../../src/client/features/patients/api/give-questionnaire', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useGiveQuestionnaire: () => useMutation({ mutationFn: (input: unknown) => give(input) }) };
});

const CLIENT = '0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b';
const entry = (
  id: string,
  en: string,
  tr: string,
  min: number,
  max: number,
  respondents: LibraryEntry['respondents'] = ['guardian'],
): LibraryEntry => ({
  id,
  formId: `questionnaires/${id}`,
  version: 1,
  scoringVersion: 1,
  title: { en, tr },
  description: { en: '', tr: '' },
  respondents,
  itemCount: 6,
  minutes: 5,
  languages: ['en', 'tr'],
  ageRange: { min, max },
  licence: { holder: 'x', terms: 'x', electronicUse: true, example: true },
});
const LIBRARY = [
  entry('home-routines', 'Home Routines', 'Ev Rutinleri', 6, 12),
  entry('everyday-feelings', 'Everyday Feelings', 'Günlük Duygular', 11, 17),
  entry('school-worries', 'School Worries', 'Okul Kaygıları', 6, 17, ['guardian', 'teacher', 'self']),
];

async function renderDialog(lang: 'en' | 'tr', clientAge: number | null) {
  await i18n.changeLanguage(lang);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: 0 } },
  });
  queryClient.setQueryData(questionnaireKeys.library, LIBRARY);
  const router = createMemoryRouter(
    [
      { path: '/patients/:id', element: <GiveQuestionnaire clientId={CLIENT} clientAge={clientAge} /> },
      { path: '/patients/:id/responses/:rid', element: <p>draft opened</p> },
    ],
    { initialEntries: [`/patients/${CLIENT}`] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('GiveQuestionnaire: the age range', () => {
  beforeEach(() => {
    give.mockReset();
    give.mockResolvedValue({ id: 'new-draft' });
  });
  afterEach(cleanup);

  it('says the chosen questionnaire’s ages under the list', async () => {
    await renderDialog('en', 9);
    expect(screen.getByLabelText('Questionnaire', { exact: true })).toHaveAccessibleDescription(
      'For ages 6 to 12.',
    );
  });

  it.each([
    ['en', 'Fill in now', 'Home Routines is meant for ages 6 to 12; this client is 15.', 'Give it anyway'],
    ['tr', 'Şimdi doldur', 'Ev Rutinleri 6-12 yaş içindir; bu danışan 15 yaşında.', 'Yine de ver'],
  ] as const)(
    'in %s, warns before giving it outside the range, and gives it with the override once confirmed',
    async (lang, start, warning, confirm) => {
      await renderDialog(lang, 15);
      fireEvent.click(screen.getByRole('button', { name: start }));
      expect(screen.getByRole('alert')).toHaveTextContent(warning);
      expect(give).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: confirm }));
      await screen.findByText('draft opened');
      expect(give.mock.calls[0]![0]).toEqual({
        clientId: CLIENT,
        questionnaireId: 'home-routines',
        respondent: 'guardian',
        language: lang,
        ageOverride: true,
      });
    },
  );

  it('lets the practitioner choose another instead: nothing is given and the list has the focus', async () => {
    await renderDialog('en', 15);
    fireEvent.click(screen.getByRole('button', { name: 'Fill in now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Choose another' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Questionnaire', { exact: true })).toHaveFocus();
    fireEvent.change(screen.getByLabelText('Questionnaire', { exact: true }), {
      target: { value: 'everyday-feelings' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fill in now' }));
    await screen.findByText('draft opened');
    expect(give.mock.calls[0]![0]).toEqual({
      clientId: CLIENT,
      questionnaireId: 'everyday-feelings',
      respondent: 'guardian',
      language: 'en',
    });
  });

  it.each([
    ['inside the range', 9],
    ['without a birth date', null],
  ])('gives it at once %s, with no override', async (_, age) => {
    await renderDialog('en', age);
    fireEvent.click(screen.getByRole('button', { name: 'Fill in now' }));
    await screen.findByText('draft opened');
    expect(give.mock.calls[0]![0]).not.toHaveProperty('ageOverride');
  });

  it('asks for the confirmation when the server does (its own reading of the birth date)', async () => {
    give.mockRejectedValueOnce(
      new ApiError({ status: 409, code: 'AGE_OUTSIDE_RANGE', message: 'outside the age range' }),
    );
    await renderDialog('en', 12);
    fireEvent.click(screen.getByRole('button', { name: 'Fill in now' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Give it anyway?'));
    expect(screen.queryByText('The questionnaire could not be given. Please try again.')).toBeNull();
  });
});

describe('GiveQuestionnaire: who answers (ADR 125)', () => {
  beforeEach(() => {
    give.mockReset();
    give.mockResolvedValue({ id: 'new-draft' });
  });
  afterEach(cleanup);

  it('has the only respondent of a questionnaire chosen already', async () => {
    await renderDialog('en', 9);
    const group = screen.getByRole('group', { name: 'Who answers?' });
    expect(within(group).getByRole('radio', { name: 'Parent or guardian' })).toBeChecked();
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
  });

  it.each([
    ['en', 'Fill in now', 'Who answers?', 'Choose who answers', 'Teacher'],
    ['tr', 'Şimdi doldur', 'Kim yanıtlıyor?', 'Kimin yanıtlayacağını seçin', 'Öğretmen'],
  ] as const)(
    'in %s, asks who answers a questionnaire with several versions, and gives it for the one chosen',
    async (lang, start, legend, missing, teacher) => {
      await renderDialog(lang, 9);
      fireEvent.change(screen.getByRole('combobox'), { target: { value: 'school-worries' } });
      const group = screen.getByRole('group', { name: legend });
      expect(within(group).getAllByRole('radio')).toHaveLength(3);
      expect(within(group).queryByRole('radio', { checked: true })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: start }));
      expect(give).not.toHaveBeenCalled();
      expect(group).toHaveAccessibleDescription(expect.stringContaining(missing));
      expect(within(group).getAllByRole('radio')[0]).toHaveFocus();
      fireEvent.click(within(group).getByRole('radio', { name: teacher }));
      expect(screen.queryByText(missing)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: start }));
      await screen.findByText('draft opened');
      expect(give.mock.calls[0]![0]).toMatchObject({
        questionnaireId: 'school-worries',
        respondent: 'teacher',
      });
    },
  );
});
