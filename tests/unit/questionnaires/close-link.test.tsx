import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkKeys } from '../../../src/client/features/patients/api/links';
import { RespondentLinks } from '../../../src/client/features/patients/respondent-links';
import { i18n } from '../../../src/client/i18n';
import { questionnaireKeys } from '../../../src/client/lib/questionnaire-api';
import type { RespondentLinkView } from '../../../src/shared';
import { CLIENT, HOME } from './library-entries';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('../../../src/client/lib/http', () => ({ http }));

const LINK: RespondentLinkView = {
  id: 'l1',
  clientId: CLIENT,
  responseId: 'r1',
  questionnaireId: 'home-routines',
  respondent: 'guardian',
  language: 'en',
  label: null,
  email: null,
  hasCode: false,
  state: 'created',
  expiresAt: '2026-12-01T00:00:00.000Z',
  openedAt: null,
  sentAt: null,
  submittedAt: null,
  createdAt: '2026-11-20T00:00:00.000Z',
};

async function renderLinks() {
  let links = [LINK];
  http.get.mockImplementation(async () => links);
  http.post.mockImplementation(async (path: string) => {
    if (path !== `links/${LINK.id}/revoke`) return undefined;
    links = [{ ...LINK, state: 'revoked' }];
    return links[0];
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: 0 } },
  });
  queryClient.setQueryData(questionnaireKeys.library, [HOME]);
  queryClient.setQueryData(linkKeys.ofClient(CLIENT), links);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RespondentLinks clientId={CLIENT} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('RespondentLinks: closing a link', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('asks first with focus on Cancel, and Cancel gives focus back to Close link', async () => {
    await renderLinks();
    const close = screen.getByRole('button', { name: 'Close link' });
    close.focus();
    fireEvent.click(close);
    const dialog = screen.getByRole('dialog', { name: 'Close this link?' });
    expect(screen.getByRole('button', { name: 'Keep it open' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it open' }));
    expect(dialog).not.toBeInTheDocument();
    expect(close).toHaveFocus();
    expect(http.post).not.toHaveBeenCalledWith(`links/${LINK.id}/revoke`, {});
  });

  it("puts focus on the list's heading once closed, as the row's buttons go", async () => {
    await renderLinks();
    const close = screen.getByRole('button', { name: 'Close link' });
    close.focus();
    fireEvent.click(close);
    fireEvent.click(screen.getByRole('button', { name: 'Close the link' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Links sent' })).toHaveFocus());
    await waitFor(() => expect(screen.getByTestId('link-state')).toHaveTextContent('Closed'));
    expect(screen.getByRole('heading', { name: 'Links sent' })).toHaveFocus();
    expect(http.post).toHaveBeenCalledWith(`links/${LINK.id}/revoke`, {});
  });
});
