import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type Notice,
  StatusNoticePage,
} from '../../../src/client/features/status-notices/status-notice-page';
import { SupportPage } from '../../../src/client/features/support/support-page';
import { i18n } from '../../../src/client/i18n';
import { useAuthStore } from '../../../src/client/stores/auth-store';
import { fakeApi, practitioner, renderPage, resetPage } from '../support/page-harness';

const SUPPORT = 'destek@klinik.example';

beforeAll(() => i18n.loadNamespaces('account-pages'));
afterEach(resetPage);

describe('the support page', () => {
  it('gives the address the operator configured as a mail link, and a visitor the way back to sign in', async () => {
    fakeApi({ 'GET config': () => ({ body: { supportEmail: SUPPORT } }) });
    await renderPage(<SupportPage />, { path: '/support' });
    expect(await screen.findByRole('link', { name: SUPPORT })).toHaveAttribute('href', `mailto:${SUPPORT}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(screen.getAllByRole('group')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('leads a signed-in practitioner back to the dashboard', async () => {
    fakeApi({ 'GET config': () => ({ body: { supportEmail: SUPPORT } }) });
    await renderPage(<SupportPage />, { path: '/support', user: practitioner() });
    expect(await screen.findByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Back to sign in' })).toBeNull();
  });
});

describe('the status notices', () => {
  it.each([
    ['rejected', 'en', 'Your registration was not approved'],
    ['suspended', 'tr', 'Hesabınız askıya alındı'],
  ] as const)(
    '%s in %s: its title and the configured support address to write to',
    async (notice, lang, title) => {
      fakeApi({ 'GET config': () => ({ body: { supportEmail: SUPPORT } }) });
      await renderPage(<StatusNoticePage notice={notice as Notice} />, { path: '/notice', lang });
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: SUPPORT })).toHaveAttribute('href', `mailto:${SUPPORT}`);
    },
  );

  it('pendingApproval: says the review is under way and when to expect it, with the way to support', async () => {
    fakeApi({ 'GET config': () => ({ body: { supportEmail: SUPPORT } }) });
    await renderPage(<StatusNoticePage notice="pendingApproval" />, { path: '/pending-approval' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your account is awaiting approval' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Most reviews are completed within two working days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('signs a held-back account out on the server and here, then leaves for the sign-in page', async () => {
    const api = fakeApi({
      'GET config': () => ({ body: {} }),
      'POST auth/logout': () => ({ status: 204 }),
    });
    await renderPage(<StatusNoticePage notice="suspended" />, {
      path: '/account-suspended',
      user: practitioner({ accountStatus: 'suspended' }),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/login');
    expect(api.to('POST', 'auth/logout')).toHaveLength(1);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});
