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
import { clientKeys } from '../../../src/client/features/patients/api/types';
import { i18n } from '../../../src/client/i18n';
import { questionnaireKeys } from '../../../src/client/lib/questionnaire-api';
import type { LibraryEntry, NewResultsView } from '../../../src/shared';
import { attentionItem } from '../../fixtures/attention';
import { HOME } from './library-entries';

const A = '0b8c7e36-4f4a-4d6e-9a51-1c2d3e4f5a6b';
const B = '5d1f2a3b-7c8d-4e9f-8a0b-1c2d3e4f5a6c';

const LIBRARY: LibraryEntry[] = [
  {
    ...HOME,
    id: 'everyday-feelings',
    title: { en: 'Everyday Feelings', tr: 'Gündelik Duygular' },
    flags: { selfHarmThoughts: { en: 'Thoughts of self-harm', tr: 'Kendine zarar verme düşünceleri' } },
  },
  {
    ...HOME,
    id: 'worries-and-mood',
    title: { en: 'Worries and Mood', tr: 'Kaygı ve Duygudurum' },
    flags: { worryVeryHigh: { en: 'Worry very high', tr: 'Kaygı çok yüksek' } },
  },
];

async function renderWith(lang: 'en' | 'tr', view: NewResultsView, element: ReactNode) {
  await act(() => i18n.changeLanguage(lang));
  // the answer is in the cache already: nothing is fetched
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(linkKeys.newResults, view);
  queryClient.setQueryData(questionnaireKeys.library, LIBRARY);
  queryClient.setQueryData(clientKeys.list(''), [
    { id: A, name: 'Ela Kuzucu' },
    { id: B, name: 'Can Demir' },
  ]);
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

describe('the dashboard: needs attention', () => {
  const review = attentionItem(B, 'r2', {
    level: 'review',
    questionnaireId: 'worries-and-mood',
    respondent: 'guardian',
    flagId: 'worryVeryHigh',
  });

  it('lists each alert as the server orders them, urgent first, with client, questionnaire, informant and date', async () => {
    await renderWith(
      'en',
      { count: 2, clients: [{ clientId: B, count: 2 }], attention: [attentionItem(A, 'r1'), review] },
      <NewResultsNotice />,
    );
    expect(await screen.findByRole('heading', { name: 'Needs attention: 2 alerts' })).toBeVisible();
    expect(screen.getByText(/1 urgent, 1 to review/)).toBeVisible();
    const entries = screen.getAllByRole('listitem');
    expect(entries.map((e) => e.dataset.alertLevel)).toEqual(['urgent', 'review']);
    expect(entries[0]).toHaveTextContent('Urgent');
    expect(entries[0]).toHaveTextContent('Thoughts of self-harm');
    expect(entries[0]).toHaveTextContent(
      /Ela Kuzucu · Everyday Feelings · answered by The young person · 6 December 2026/,
    );
    expect(entries[1]).toHaveTextContent('Worry very high');
    expect(entries[1]).toHaveTextContent('answered by Parent or guardian');
    expect(
      screen.getByRole('link', { name: 'Open the response: Thoughts of self-harm – Everyday Feelings' }),
    ).toHaveAttribute('href', `/patients/${A}/responses/r1`);
    expect(
      screen.getByRole('button', { name: 'Mark as seen: Thoughts of self-harm – Everyday Feelings' }),
    ).toBeVisible();
    expect(screen.getByText('2 new results')).toBeVisible();
  });

  it('says a scheduled sending unanswered after its reminder at the review level, leading to the client', async () => {
    await renderWith(
      'en',
      {
        count: 0,
        clients: [],
        attention: [
          attentionItem(B, 'r3', {
            kind: 'unanswered',
            level: 'review',
            flagId: null,
            respondent: 'guardian',
            expiresAt: '2026-12-09T09:30:00.000Z',
          }),
        ],
      },
      <NewResultsNotice />,
    );
    const [entry] = await screen.findAllByRole('listitem');
    expect(entry).toHaveTextContent('To review');
    expect(entry).toHaveTextContent('Not answered yet, after the reminder');
    expect(entry).toHaveTextContent('the link expires 9 December 2026');
    expect(screen.getByRole('link', { name: 'Open the client' })).toHaveAttribute('href', `/patients/${B}`);
    expect(screen.queryByRole('button', { name: /Mark as seen/ })).toBeNull();
  });

  it('shows no attention list when nothing waits, only the new results', async () => {
    await renderWith(
      'en',
      { count: 1, clients: [{ clientId: B, count: 1 }], attention: [] },
      <NewResultsNotice />,
    );
    expect(await screen.findByText('1 new result')).toBeVisible();
    expect(screen.queryByText(/needs? attention/i)).toBeNull();
  });

  it('says it in Turkish', async () => {
    await renderWith(
      'tr',
      { count: 0, clients: [], attention: [attentionItem(A, 'r1'), review] },
      <NewResultsNotice />,
    );
    expect(await screen.findByRole('heading', { name: 'Dikkat gerektiriyor: 2 uyarı' })).toBeVisible();
    const entries = screen.getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('Acil');
    expect(entries[0]).toHaveTextContent('Kendine zarar verme düşünceleri');
    expect(entries[1]).toHaveTextContent('İncelenecek');
  });
});

describe('the sidebar badge', () => {
  it('says "Needs attention" in words while a response waits, and tells a screen reader both counts', async () => {
    await renderWith(
      'en',
      { count: 3, clients: [{ clientId: B, count: 3 }], attention: [attentionItem(A, 'r1')] },
      <Nav />,
    );
    expect(await screen.findByTestId('nav-badge-patients')).toHaveTextContent('Needs attention');
    expect(screen.getByRole('link', { name: /Patients/ })).toHaveAccessibleName(
      'Patients, 1 alert needs attention, 3 new results',
    );
  });

  it('counts review alerts with the new results, without the red "Needs attention"', async () => {
    await renderWith(
      'en',
      {
        count: 1,
        clients: [{ clientId: B, count: 1 }],
        attention: [attentionItem(A, 'r1', { level: 'review', flagId: 'worryVeryHigh' })],
      },
      <Nav />,
    );
    expect(await screen.findByTestId('nav-badge-patients')).toHaveTextContent('2');
    expect(screen.queryByTestId('attention-marker')).toBeNull();
    expect(screen.getByRole('link', { name: /Patients/ })).toHaveAccessibleName(
      'Patients, 1 alert needs attention, 1 new result',
    );
  });

  it('keeps the count of new results when nothing needs attention', async () => {
    await renderWith('en', { count: 3, clients: [{ clientId: B, count: 3 }], attention: [] }, <Nav />);
    expect(await screen.findByTestId('nav-badge-patients')).toHaveTextContent('3');
    expect(screen.queryByTestId('attention-marker')).toBeNull();
  });
});
