import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientKeys } from '../../../src/client/features/patients/api/types';
import { GiveQuestionnaire } from '../../../src/client/features/patients/give-questionnaire';
import { GiveToClientPage } from '../../../src/client/features/patients/give-to-client-page';
import { LibraryCard } from '../../../src/client/features/questionnaires/library-card';
import { i18n } from '../../../src/client/i18n';
import { type LibraryEntry, questionnaireKeys } from '../../../src/client/lib/questionnaire-api';

const give = vi.hoisted(() => vi.fn());
vi.mock('../../../src/client/features/patients/api/give-questionnaire', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useGiveQuestionnaire: () => useMutation({ mutationFn: (input: unknown) => give(input) }) };
});

const CLIENT = '0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b';
const entry = (id: string, en: string, tr: string): LibraryEntry => ({
  id,
  formId: `questionnaires/${id}`,
  version: 1,
  scoringVersion: 1,
  title: { en, tr },
  description: { en: '', tr: '' },
  respondents: ['guardian'],
  itemCount: 6,
  minutes: 5,
  languages: ['en', 'tr'],
  ageRange: { min: 6, max: 17 },
  licence: { holder: 'x', terms: 'x', electronicUse: true, example: false },
});
const LIBRARY = [
  entry('home-routines', 'Home Routines', 'Ev Rutinleri'),
  entry('everyday-feelings', 'Everyday Feelings', 'Günlük Duygular'),
];

async function show(lang: 'en' | 'tr', path: string, routes: Array<{ path: string; element: ReactNode }>) {
  await i18n.changeLanguage(lang);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: 0 } },
  });
  queryClient.setQueryData(questionnaireKeys.library, LIBRARY);
  queryClient.setQueryData(clientKeys.list(''), [
    {
      id: CLIENT,
      name: 'Ayşe Yılmaz',
      age: 9,
      intakeStatus: 'submitted',
      lastActivity: '2026-11-20T09:00:00.000Z',
    },
  ]);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
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

afterEach(async () => {
  cleanup();
  give.mockReset();
  await i18n.changeLanguage('en');
});

describe("the library's 'Give to a client'", () => {
  it.each([
    ['en', 'Give to a client: Home Routines', 'Give to a client'],
    ['tr', 'Danışana uygula: Ev Rutinleri', 'Danışana uygula'],
  ] as const)('(%s) each card offers it, leading to the choice of client', async (lang, name, text) => {
    await show(lang, '/questionnaires', [
      { path: '/questionnaires', element: <LibraryCard entry={LIBRARY[0]!} /> },
    ]);
    const link = screen.getByRole('link', { name });
    expect(link).toHaveTextContent(text);
    expect(link).toHaveAttribute('href', '/patients/give/home-routines');
  });

  it.each([
    ['en', 'Give to a client', 'Ayşe Yılmaz: give to this client'],
    ['tr', 'Danışana uygula', 'Ayşe Yılmaz: bu danışana uygula'],
  ] as const)(
    "(%s) the choice of client leads to the client's page with the questionnaire chosen",
    async (lang, title, name) => {
      await show(lang, '/patients/give/everyday-feelings', [
        { path: '/patients/give/:questionnaireId', element: <GiveToClientPage /> },
      ]);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(new RegExp(LIBRARY[1]!.title[lang] as string))).toBeInTheDocument();
      expect(screen.getByRole('link', { name })).toHaveAttribute(
        'href',
        `/patients/${CLIENT}?give=everyday-feelings`,
      );
    },
  );

  it("on the client's page the questionnaire is chosen and in focus; Fill in now gives that one, as before", async () => {
    give.mockResolvedValue({ id: 'new-draft' });
    const router = await show('en', `/patients/${CLIENT}`, [
      {
        path: '/patients/:id',
        element: <GiveQuestionnaire clientId={CLIENT} clientAge={12} chosen="everyday-feelings" />,
      },
      { path: '/patients/:id/responses/:rid', element: <p>draft opened</p> },
    ]);
    const select = screen.getByLabelText('Questionnaire', { exact: true });
    expect(select).toHaveValue('everyday-feelings');
    expect(select).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Fill in now' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/patients/${CLIENT}/responses/new-draft`),
    );
    expect(give).toHaveBeenCalledWith(
      expect.objectContaining({ clientId: CLIENT, questionnaireId: 'everyday-feelings' }),
    );
  });
});
