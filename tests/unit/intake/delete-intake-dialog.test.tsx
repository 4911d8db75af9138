import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountDeletedPage } from '../../../src/client/features/account-deletion/account-deleted-page';
import { DeleteIntakeDialog } from '../../../src/client/features/intake-list/delete-intake-dialog';
import { i18n } from '../../../src/client/i18n';
import { createHttpClient, setHttpClient } from '../../../src/client/lib/http';

const ID = '3f1c2a9e-5b7d-4c1e-9a2b-1234567890ab';

/** The API answering `reply` to every call; the calls are recorded. */
function api(reply: (path: string) => Response) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    // the product's name comes with the page frame, whatever the screen
    if (path === 'config') return json(200, { productName: 'Psychologist Platform' });
    calls.push(`${request.method} ${path}`);
    return reply(path);
  });
  setHttpClient(
    createHttpClient({ prefixUrl: 'http://localhost:3000/api', fetch: fetch as typeof globalThis.fetch }),
  );
  return calls;
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function show(lang: 'en' | 'tr', element: React.ReactNode, state?: unknown) {
  await i18n.changeLanguage(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname: '/', state }]}>{element}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(async () => {
  cleanup();
  setHttpClient(undefined);
  await i18n.changeLanguage('en');
});

const dialog = (
  <DeleteIntakeDialog id={ID} name="Ayşe Yılmaz" deleting={false} onConfirm={() => {}} onCancel={() => {}} />
);

describe('the delete-record dialog says what goes with the record', () => {
  it.each([
    ['en', 'Deleted with it:', ['3 questionnaire responses', '1 result', '2 respondent links']],
    ['tr', 'Onunla birlikte silinecekler:', ['3 ölçek yanıtı', '1 sonuç', '2 yanıt bağlantısı']],
  ] as const)('(%s) with the counts the server gives', async (lang, heading, items) => {
    const calls = api(() => json(200, { responses: 3, results: 1, links: 2 }));
    await show(lang, dialog);
    expect(await screen.findByText(heading)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(items);
    expect(calls).toEqual([`GET client-intake/${ID}/deletion-impact`]);
  });

  it.each([
    ['en', 'No questionnaire responses, results or respondent links go with it.'],
    ['tr', 'Onunla birlikte silinecek ölçek yanıtı, sonuç veya yanıt bağlantısı yok.'],
  ] as const)('(%s) and says so when nothing else goes', async (lang, text) => {
    api(() => json(200, { responses: 0, results: 0, links: 0 }));
    await show(lang, dialog);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('still says what kinds go when the counts cannot be loaded', async () => {
    api(() => json(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }));
    await show('en', dialog);
    expect(
      await screen.findByText(
        'Its questionnaire responses, results and respondent links are deleted with it.',
      ),
    ).toBeInTheDocument();
  });
});

describe('/account-deleted after a reload', () => {
  it.each([
    ['en', 'Your data will be deleted on 26 December 2026.'],
    ['tr', 'Verileriniz 26 Aralık 2026 tarihinde silinecek.'],
  ] as const)('(%s) reads the date from the server', async (lang, text) => {
    const calls = api(() => json(200, { deletionDueAt: '2026-12-26T10:00:00.000Z' }));
    await show(lang, <AccountDeletedPage />);
    expect(await screen.findByText(new RegExp(text.replace('.', '\\.')))).toBeInTheDocument();
    expect(calls).toEqual(['GET account/deletion']);
    expect(screen.queryByText(/—/)).toBeNull();
  });

  it('says where the date is when the server knows none, never a dash', async () => {
    api(() => json(404, { code: 'NOT_FOUND', message: 'Not found.' }));
    await show('tr', <AccountDeletedPage />);
    expect(await screen.findByText(/size gönderdiğimiz e-postada/)).toBeInTheDocument();
    expect(screen.queryByText(/—/)).toBeNull();
  });

  it("right after the delete, uses the delete's own answer and asks nothing", async () => {
    const calls = api(() => json(500, {}));
    await show('en', <AccountDeletedPage />, { deletionDueAt: '2026-12-26T10:00:00.000Z' });
    expect(screen.getByText(/26 December 2026/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
