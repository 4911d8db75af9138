import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../src/client/features/auth/login-page';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { i18n } from '../../../src/client/i18n';
import { precompiledEngine } from '../../fixtures/forms/precompiled-engine';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let engine: ClientFormEngine;
// the product's own forms, the login form among them, validated as the browser does
beforeAll(async () => {
  engine = await precompiledEngine('schemas', 'locales');
});

/** /login as sign-up and the code's check hand it over: a text of the account pages by its key. */
async function openWith(lang: 'en' | 'tr', messageKey: string) {
  await act(() => i18n.changeLanguage(lang));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const state = { email: 'ayse@example.com', messageKey, messageParams: { email: 'ayse@example.com' } };
  // the page suspends while the engine and the account pages' texts arrive
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
            <FormEngineProvider engine={engine}>
              <Suspense fallback={null}>
                <LoginPage />
              </Suspense>
            </FormEngineProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
}

describe("/login's banner handed over by another screen", () => {
  afterEach(async () => {
    cleanup();
    await act(() => i18n.changeLanguage('en'));
  });

  it.each([
    ['en', 'signup.step1.createdMessage', 'Verification email sent to ayse@example.com'],
    ['tr', 'signup.step1.createdMessage', 'ayse@example.com'],
    ['en', 'verifyPending.codeVerified', 'Your email address has been verified'],
    // after the link: why the password is asked although the address was just proved
    ['en', 'verifyResult.successMessage', 'the link confirms the address but does not sign you in'],
    ['tr', 'verifyResult.successMessage', 'bağlantı adresi doğrular ama oturum açmaz'],
  ] as const)('in %s, %s reads as words, not as its key', async (lang, key, words) => {
    await openWith(lang, key);
    expect(await screen.findByText(words, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(key)).toBeNull();
  });
  it.each([
    ['en', 'Enter the code from the email'],
    ['tr', 'E-postadaki kodu girin'],
  ] as const)(
    '(%s) after sign-up, leads to the verification screen where the code is typed',
    async (lang, name) => {
      await openWith(lang, 'signup.step1.createdMessage');
      const link = await screen.findByRole('link', { name });
      expect(link).toHaveAttribute('href', '/verify-email/pending');
      cleanup();
      await openWith(lang, 'verifyPending.codeVerified');
      await screen.findByText(lang === 'en' ? /has been verified/ : /doğrulandı/);
      expect(screen.queryByRole('link', { name })).toBeNull();
    },
  );
});
