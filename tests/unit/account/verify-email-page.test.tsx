import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VerifyCodeForm } from '../../../src/client/features/verify-email/verify-code-form';
import { VerifyEmailPage } from '../../../src/client/features/verify-email/verify-email-page';
import { i18n } from '../../../src/client/i18n';
import { ApiError } from '../../../src/client/lib/api-error';

const verify = vi.hoisted(() => vi.fn());
const verifyByCode = vi.hoisted(() => vi.fn());
// the page's one call, answered here: GET /auth/verify-email for a token that was used already
vi.mock('../../../src/client/features/verify-email/api/verify-email', () => ({
  useVerifyEmail: (token: string) => useQuery({ queryKey: ['verify', token], queryFn: verify, retry: false }),
}));
// and POST /auth/verify-code for an address that is verified already
vi.mock('../../../src/client/features/verify-email/api/verify-code', () => ({
  useVerifyCode: () => useMutation({ mutationFn: verifyByCode }),
}));

// the screens' own texts arrive with their route (its lazy page waits for them); here, before drawing
beforeAll(() => i18n.loadNamespaces('account-pages'));

async function open(lang: 'en' | 'tr', page = <VerifyEmailPage />) {
  await act(() => i18n.changeLanguage(lang));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/verify-email?token=used']}>{page}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const alreadyVerified = () =>
  new ApiError({ status: 400, message: 'x', serverMessage: 'x', code: 'ALREADY_VERIFIED' });

describe('a verification link opened again after it verified the address', () => {
  afterEach(async () => {
    cleanup();
    await act(() => i18n.changeLanguage('en'));
  });

  it.each([
    ['en', 'Your e-mail address is already verified', 'Verification failed', 'Sign in'],
    ['tr', 'E-posta adresiniz zaten doğrulanmış', 'Doğrulama başarısız', 'Giriş yap'],
  ] as const)(
    'is good news in %s: no failure heading, and the way on is signing in',
    async (lang, title, failure, signIn) => {
      verify.mockRejectedValue(
        new ApiError({ status: 400, message: 'x', serverMessage: 'x', code: 'ALREADY_VERIFIED' }),
      );
      await open(lang);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.queryByText(failure)).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('link', { name: signIn })).toHaveAttribute('href', '/login');
    },
  );
});

describe('a code entered for an address that is verified already', () => {
  afterEach(async () => {
    cleanup();
    await act(() => i18n.changeLanguage('en'));
  });

  it.each([
    ['en', 'Your e-mail address is already verified', 'Verify code', 'Sign in'],
    ['tr', 'E-posta adresiniz zaten doğrulanmış', 'Kodu doğrula', 'Giriş yap'],
  ] as const)('is good news in %s, not an error under the field', async (lang, title, submit, signIn) => {
    verifyByCode.mockRejectedValue(alreadyVerified());
    await open(lang, <VerifyCodeForm email="ayse@example.com" onVerified={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox'), '123456');
    await user.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(title);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: signIn })).toHaveAttribute('href', '/login');
  });
});
