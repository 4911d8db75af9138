import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientKeys, type ResponseView } from '../../../src/client/features/patients/api/types';
import { ResponsePage } from '../../../src/client/features/patients/response-page';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { i18n } from '../../../src/client/i18n';
import { type LibraryEntry, questionnaireKeys } from '../../../src/client/lib/questionnaire-api';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import { precompiledEngine } from '../../fixtures/forms/precompiled-engine';
import { QUESTIONNAIRE_LOCALES, QUESTIONNAIRE_SCHEMAS } from '../../fixtures/questionnaires/files';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

// the one HTTP client, answering as the server would: no new results, a language change stored
const http = vi.hoisted(() => ({
  get: vi.fn(async (path: string) =>
    path.startsWith('links/') ? { count: 0, clients: [], attention: [] } : {},
  ),
  put: vi.fn(),
  post: vi.fn(),
}));
vi.mock('../../../src/client/lib/http', () => ({ http }));

const CLIENT = '0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b';
const RESPONSE = '5f0e8a52-2b1c-4d3e-8f9a-0a1b2c3d4e5f';
const mini = loadQuestionnaireCatalog({ schemasDir: QUESTIONNAIRE_SCHEMAS }).get('mini', 2);

const record = (status: 'draft' | 'submitted'): ResponseView => ({
  id: RESPONSE,
  clientId: CLIENT,
  respondent: null,
  questionnaireId: mini.id,
  questionnaireVersion: mini.version,
  scoringVersion: mini.scoringVersion,
  language: 'en',
  status,
  version: 1,
  replaces: null,
  answers: { often: 2, calm: 1 },
  result: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  submittedAt: status === 'submitted' ? '2026-11-20T10:05:00.000Z' : null,
});

const LIBRARY = [{ id: mini.id, languages: ['en', 'tr'] } as LibraryEntry];

let engine: ClientFormEngine;
beforeAll(async () => {
  engine = await precompiledEngine(QUESTIONNAIRE_SCHEMAS, QUESTIONNAIRE_LOCALES);
});
beforeEach(async () => {
  http.put.mockReset();
  // the practitioner works in Turkish
  await act(() => i18n.changeLanguage('tr'));
});
afterEach(cleanup);
afterAll(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function renderResponse(response: ResponseView) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: 0 } },
  });
  queryClient.setQueryData(clientKeys.response(RESPONSE), response);
  queryClient.setQueryData(questionnaireKeys.definition(mini.id, mini.version, mini.scoringVersion), mini);
  queryClient.setQueryData(questionnaireKeys.library, LIBRARY);
  const router = createMemoryRouter(
    [{ path: '/patients/:clientId/responses/:responseId', element: <ResponsePage /> }],
    { initialEntries: [`/patients/${CLIENT}/responses/${RESPONSE}`] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <FormEngineProvider engine={engine}>
          <RouterProvider router={router} />
        </FormEngineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const group = (name: string) => screen.getByRole('group', { name: new RegExp(name) });

describe('the language a questionnaire is filled in (ADR 111)', () => {
  it('draws a draft given in English in English under a Turkish interface, buttons in Turkish', async () => {
    renderResponse(record('draft'));
    expect(await screen.findByRole('heading', { name: 'Instructions' })).toBeInTheDocument();
    expect(within(group('How often\\?')).getByRole('radio', { name: 'Often' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Gönder ve puanla' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'İngilizce' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches only the questionnaire and stores the language on the draft', async () => {
    http.put.mockResolvedValue({ ...record('draft'), language: 'tr' });
    const user = userEvent.setup();
    renderResponse(record('draft'));
    await screen.findByRole('heading', { name: 'Instructions' });

    await user.click(screen.getByRole('button', { name: 'Türkçe' }));
    expect(await screen.findByRole('heading', { name: 'Yönerge' })).toBeInTheDocument();
    // the answers stay: only their words change
    expect(within(group('Ne sıklıkla\\?')).getByRole('radio', { name: 'Sık sık' })).toBeChecked();
    expect(http.put).toHaveBeenCalledWith(`responses/${RESPONSE}/language`, { language: 'tr' });
    expect(i18n.language).toBe('tr');
    expect(screen.getByRole('button', { name: 'Taslak olarak kaydet' })).toBeInTheDocument();
  });

  it('goes back to the stored language when the server refuses the change', async () => {
    http.put.mockRejectedValue(new Error('offline'));
    const user = userEvent.setup();
    renderResponse(record('draft'));
    await screen.findByRole('heading', { name: 'Instructions' });
    await user.click(screen.getByRole('button', { name: 'Türkçe' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'İngilizce' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('heading', { name: 'Instructions' })).toBeInTheDocument();
  });

  it('shows a submitted response in the language it was given in, and in the other on request', async () => {
    const user = userEvent.setup();
    renderResponse(record('submitted'));
    expect(await screen.findByRole('heading', { name: 'Instructions' })).toBeInTheDocument();
    expect(screen.getByText('Bu yanıt İngilizce verildi.')).toBeInTheDocument();
    expect(within(group('How often\\?')).getByRole('radio', { name: 'Often, Selected' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Türkçe' }));
    expect(await screen.findByRole('heading', { name: 'Yönerge' })).toBeInTheDocument();
    expect(within(group('Ne sıklıkla\\?')).getByRole('radio', { name: 'Sık sık, Seçildi' })).toBeChecked();
    // reading is not changing: nothing is sent
    expect(http.put).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Yanıtlar' })).toBeInTheDocument();
  });
});
