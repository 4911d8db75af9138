import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ForgotPasswordPage } from '../../../src/client/features/password/forgot-password-page';
import { ResetPasswordPage } from '../../../src/client/features/password/reset-password-page';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { i18n } from '../../../src/client/i18n';
import { fakeApi, formsEngine, renderPage, resetPage } from '../support/page-harness';

const NEW = 'Yeni!Parola2027';

let engine: ClientFormEngine;
beforeAll(async () => {
  await i18n.loadNamespaces('account-pages');
  engine = await formsEngine(['auth/forgot-password', 'auth/reset-password']);
});
afterEach(resetPage);

describe('forgot password', () => {
  it('sends the address as the account keeps it and says where the link went; Send another email starts over', async () => {
    const api = fakeApi({ 'POST auth/forgot-password': () => ({ body: { ok: true } }) });
    await renderPage(<ForgotPasswordPage />, { path: '/forgot-password', engine });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email address/, { selector: 'input' }), '  Ayse@Example.COM ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for ayse@example\.com/)).toBeInTheDocument();
    expect(api.to('POST', 'auth/forgot-password').map((c) => c.body)).toEqual([
      { email: 'ayse@example.com' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Send another email' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('a refusal (too many requests) is shown in Turkish with the wait, and the form stays', async () => {
    fakeApi({
      'POST auth/forgot-password': () => ({
        status: 429,
        body: {
          code: 'RATE_LIMITED',
          message: 'Çok fazla deneme yapıldı. Lütfen daha sonra tekrar deneyin.',
        },
        headers: { 'retry-after': '60' },
      }),
    });
    await renderPage(<ForgotPasswordPage />, { path: '/forgot-password', lang: 'tr', engine });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^E-posta adresi/, { selector: 'input' }), 'ayse@example.com');
    await user.click(screen.getByRole('button', { name: /sıfırlama bağlantısı/i }));
    expect(
      await screen.findByText('Çok fazla istek gönderildi. Lütfen 60 saniye sonra tekrar deneyin.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-posta adresi/, { selector: 'input' })).toHaveValue('ayse@example.com');
    expect(screen.queryByRole('heading', { level: 1, name: /E-postanızı kontrol edin/ })).toBeNull();
  });
});

describe('reset password', () => {
  it('without a token: the invalid-link page and the way to a new link, nothing posted', async () => {
    const api = fakeApi({});
    await renderPage(<ResetPasswordPage />, { path: '/reset-password', engine });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText('Invalid reset token. Please request a new password reset.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('sends the token of the link with the new password, then sends the user to sign in', async () => {
    const api = fakeApi({ 'POST auth/reset-password': () => ({ body: { ok: true } }) });
    await renderPage(<ResetPasswordPage />, { path: '/reset-password?token=abc123', engine });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), NEW);
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), NEW);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Password Reset Successful' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute('href', '/login');
    expect(api.to('POST', 'auth/reset-password').map((c) => c.body)).toEqual([
      { token: 'abc123', password: NEW, confirmPassword: NEW },
    ]);
  });

  it('a used or expired token: the invalid-link page with the server’s words', async () => {
    fakeApi({
      'POST auth/reset-password': () => ({
        status: 400,
        body: { code: 'INVALID_RESET_TOKEN', message: 'This reset link was used already.' },
      }),
    });
    await renderPage(<ResetPasswordPage />, { path: '/reset-password?token=used', engine });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), NEW);
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), NEW);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText('This reset link was used already.')).toBeInTheDocument();
  });
});
