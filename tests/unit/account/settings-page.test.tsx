import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SettingsPage } from '../../../src/client/features/settings/settings-page';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { useAuthStore } from '../../../src/client/stores/auth-store';
import { fakeApi, formsEngine, practitioner, renderPage, resetPage } from '../support/page-harness';

const OLD = 'Eski!Parola2026';
const NEW = 'Yeni!Parola2027';

let engine: ClientFormEngine;
beforeAll(async () => {
  engine = await formsEngine(['auth/change-password', 'account/delete-account']);
});
afterEach(resetPage);

const LABELS = {
  en: [/^Current password/, /^New password/, /^Confirm new password/],
  tr: [/^Mevcut şifre/, /^Yeni şifre(?! \(tekrar\))/, /^Yeni şifre \(tekrar\)/],
} as const;

async function fillPasswords(user: ReturnType<typeof userEvent.setup>, lang: 'en' | 'tr') {
  const [current, next, again] = LABELS[lang];
  await user.type(screen.getByLabelText(current, { selector: 'input' }), OLD);
  await user.type(screen.getByLabelText(next, { selector: 'input' }), NEW);
  await user.type(screen.getByLabelText(again, { selector: 'input' }), NEW);
}

describe('settings: change password', () => {
  it('sends the three fields, keeps the session with the fresh token, empties the form and says so', async () => {
    const api = fakeApi({
      'GET config': () => ({ body: { deletionGraceDays: 30 } }),
      'POST auth/change-password': () => ({ body: { accessToken: 'the-fresh-token' } }),
    });
    await renderPage(<SettingsPage />, { path: '/settings', user: practitioner(), engine });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await fillPasswords(user, 'en');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(api.to('POST', 'auth/change-password').map((c) => c.body)).toEqual([
      { oldPassword: OLD, newPassword: NEW, confirmNewPassword: NEW },
    ]);
    expect(useAuthStore.getState().token).toBe('the-fresh-token');
    expect(screen.getByLabelText(/^Current password/, { selector: 'input' })).toHaveValue('');
  });

  it('a wrong current password: the server’s message under the field and in the toast, in Turkish; the token kept', async () => {
    fakeApi({
      'GET config': () => ({ body: {} }),
      'POST auth/change-password': () => ({
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Mevcut şifre yanlış',
          fields: { oldPassword: 'Mevcut şifre yanlış' },
        },
      }),
    });
    await renderPage(<SettingsPage />, { path: '/settings', lang: 'tr', user: practitioner(), engine });
    const user = userEvent.setup();
    await fillPasswords(user, 'tr');
    await user.click(screen.getByRole('button', { name: 'Şifreyi değiştir' }));

    expect(await screen.findByText('Şifre değiştirilemedi')).toBeInTheDocument();
    expect((await screen.findAllByText('Mevcut şifre yanlış')).length).toBeGreaterThan(0);
    expect(useAuthStore.getState().token).toBe('token-of-the-test');
  });

  it('refuses a new password equal to the current one before sending anything', async () => {
    const api = fakeApi({ 'GET config': () => ({ body: {} }) });
    await renderPage(<SettingsPage />, { path: '/settings', user: practitioner(), engine });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), OLD);
    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), OLD);
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), OLD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      (await screen.findAllByText('New password must be different from current password')).length,
    ).toBeGreaterThan(0);
    expect(api.to('POST', 'auth/change-password')).toEqual([]);
  });
});

describe('settings: delete my account', () => {
  it('names the grace period the server announces, confirms with the password and leaves for /account-deleted', async () => {
    const api = fakeApi({
      'GET config': () => ({ body: { deletionGraceDays: 14 } }),
      'POST account/delete': () => ({ body: { deletionDueAt: '2026-12-20T00:00:00.000Z' } }),
    });
    await renderPage(<SettingsPage />, { path: '/settings', user: practitioner(), engine });
    const user = userEvent.setup();
    expect(await screen.findByText(/deleted 14 days after you ask/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), OLD);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/account-deleted');
    expect(api.to('POST', 'account/delete').map((c) => c.body)).toEqual([{ password: OLD }]);
  });

  it('a wrong password keeps the dialog open with the message; Keep my account closes it and sends nothing more', async () => {
    const api = fakeApi({
      'GET config': () => ({ body: {} }),
      'POST account/delete': () => ({
        status: 400,
        body: { code: 'INVALID_PASSWORD', message: 'The password is not correct' },
      }),
    });
    await renderPage(<SettingsPage />, { path: '/settings', user: practitioner(), engine });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await screen.findAllByText('The password is not correct')).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await act(async () => undefined);
    expect(screen.queryByRole('dialog', { name: 'Delete your account?' })).toBeNull();
    expect(api.to('POST', 'account/delete')).toHaveLength(1);
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });
});
