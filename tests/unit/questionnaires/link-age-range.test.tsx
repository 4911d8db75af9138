import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkKeys } from '../../../src/client/features/patients/api/links';
import { RespondentLinks } from '../../../src/client/features/patients/respondent-links';
import { i18n } from '../../../src/client/i18n';
import { ApiError } from '../../../src/client/lib/api-error';
import { questionnaireKeys } from '../../../src/client/lib/questionnaire-api';
import { CLIENT, HOME } from './library-entries';

// the one HTTP client: making a link is the call under test; the rest answers as an empty client would
const http = vi.hoisted(() => ({ get: vi.fn(async () => []), post: vi.fn(), put: vi.fn() }));
vi.mock('../../../src/client/lib/http', () => ({ http }));

/** The calls that make a link (opening the links also marks the client's results seen). */
const creates = () => http.post.mock.calls.filter(([path]) => path === `clients/${CLIENT}/links`);
const ISSUED = {
  link: { id: 'l1', responseId: 'r1', state: 'created' },
  url: 'http://localhost/r/token',
  code: null,
};

async function renderLinks() {
  await i18n.changeLanguage('tr');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: 0 } },
  });
  queryClient.setQueryData(questionnaireKeys.library, [HOME]);
  queryClient.setQueryData(linkKeys.ofClient(CLIENT), []);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RespondentLinks clientId={CLIENT} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('RespondentLinks: a link outside the age range', () => {
  beforeEach(() => {
    http.post.mockReset();
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('warns as giving in session does, and makes the link with the override once confirmed', async () => {
    http.post.mockImplementation(async (path: string, body: { ageOverride?: boolean }) => {
      if (!path.startsWith('clients/') || body?.ageOverride) return ISSUED;
      throw new ApiError({
        status: 409,
        code: 'AGE_OUTSIDE_RANGE',
        message: 'yaş aralığı dışında',
        body: { code: 'AGE_OUTSIDE_RANGE', age: 15, ageRange: { min: 6, max: 12 } },
      });
    });
    await renderLinks();
    fireEvent.click(await screen.findByRole('button', { name: 'Bağlantı oluştur' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Evdeki Düzen 6-12 yaş içindir; bu danışan 15 yaşında.');
    expect(screen.queryByText('Bağlantı oluşturulamadı.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Yine de bağlantı oluştur' }));
    await waitFor(() => expect(creates()).toHaveLength(2));
    expect(creates()[1]![1]).toMatchObject({ questionnaireId: 'home-routines', ageOverride: true });
    expect(creates()[0]![1]).not.toHaveProperty('ageOverride');
  });

  it('lets the practitioner choose another instead: nothing is made', async () => {
    http.post.mockImplementation(async (path: string) => {
      if (!path.startsWith('clients/')) return {};
      throw new ApiError({ status: 409, code: 'AGE_OUTSIDE_RANGE', message: 'x', body: { age: 15 } });
    });
    await renderLinks();
    fireEvent.click(await screen.findByRole('button', { name: 'Bağlantı oluştur' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Başka bir ölçek seç' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('button', { name: 'Bağlantı oluştur' })).toBeInTheDocument();
    expect(creates()).toHaveLength(1);
  });
});
