import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { validSections } from '../../fixtures/intake/sections';
import { expect, expectNoAxeViolations, PASSWORD, test, uniqueEmail } from '../account/support/fixtures';
import { createVerifiedAccount } from '../account/support/flows';
import { runTimers, sentRequests, watchPage } from '../account/support/page-events';
import { field, saveStatus, signIn, text } from '../intake/support';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const q = (key: string, params?: Record<string, string | number>) =>
  text('tr', 'questionnaires', key, params);
const p = (key: string, params?: Record<string, string | number>) => text('tr', 'privacy', key, params);
const i = (key: string, params?: Record<string, string | number>) => text('tr', 'intake', key, params);

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/flow-${name}-tr-375.png`, fullPage: true });
}

/** The session's bearer token, as the app keeps it, for API calls of the test's own. */
async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => {
    const stored = JSON.parse(sessionStorage.getItem('auth-storage') ?? '{}') as {
      state?: { token?: string };
    };
    return stored.state?.token ?? '';
  });
  return { authorization: `Bearer ${token}` };
}

test.describe('labels and flow, in Turkish on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the client's page, the library's Give to a client, a new intake that is never saved, the delete dialog", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'tr');
    const headers = await bearer(page);
    const created = await page.request.post('/api/client-intake', {
      headers,
      data: { ...validSections, status: 'draft' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const response = await page.request.post(`/api/clients/${id}/responses`, {
      headers,
      data: { questionnaireId: 'home-routines' },
    });
    expect(response.status(), await response.text()).toBe(201);
    const name = `${validSections.demographics.clientFirstName} ${validSections.demographics.clientLastName}`;

    // the client's page leads to the access history
    await page.goto(`/patients/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await shot(page, 'client');
    await page.getByRole('link', { name: p('history.open') }).click();
    await expect(page).toHaveURL(new RegExp(`/client-intake/${id}/access-history$`));
    await expect(page.getByRole('heading', { level: 1, name: p('history.title') })).toBeVisible();

    // the library: Give to a client, choose the client, then on as before
    await page.goto('/questionnaires');
    await page
      .getByRole('link', { name: /^Danışana uygula: / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/patients\/give\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: q('giveTo.title') })).toBeVisible();
    await expectNoAxeViolations(page, 'give to a client tr');
    await shot(page, 'give-to-client');
    await page.getByRole('link', { name: q('giveTo.choose', { name }) }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${id}\\?give=`));
    // the first of the page's two questionnaire lists is the one of 'Give a questionnaire'
    const chosen = page.getByLabel(q('give.questionnaire'), { exact: true }).first();
    await expect(chosen).toBeFocused();
    await shot(page, 'client-chosen');

    // a new intake with only a name, abandoned: no second client
    await watchPage(page);
    await page.goto('/client-intake/new');
    await field(page, 'demographics', 'clientFirstName').fill(validSections.demographics.clientFirstName);
    // the page's timers run well past the auto-save delay (records.spec.ts shows the same run saves a record)
    await runTimers(page, 5_000);
    expect((await sentRequests(page)).filter((sent) => sent.includes('/api/client-intake'))).toEqual([]);
    await expect(saveStatus(page)).toContainText(i('status.notCreated'));
    await expect(page).toHaveURL(/\/client-intake\/new$/);
    await shot(page, 'new-intake');
    const list = await page.request.get('/api/clients', { headers });
    expect(((await list.json()) as unknown[]).length).toBe(1);

    // the delete dialog counts what goes with the record
    await page.goto('/client-intake-list');
    await page.getByRole('button', { name: /^Sil/ }).first().click();
    const dialog = page.getByRole('dialog', { name: i('list.deleteTitle') });
    await expect(dialog).toContainText(i('list.deleteResponses_one', { count: 1 }));
    await expect(dialog).toContainText(i('list.deleteLinks_other', { count: 0 }));
    await expectNoAxeViolations(page, 'delete dialog tr');
    await shot(page, 'delete-dialog');
  });

  test('the language chosen on the sign-in page becomes the account’s; member since; the deletion date after a reload', async ({
    page,
  }) => {
    test.slow();
    const email = uniqueEmail('flow-lang');
    await createVerifiedAccount(page, { firstName: 'Selin', lastName: 'Aydın', email });
    await page.goto('/login');
    await page.getByRole('button', { name: 'TR Türkçe' }).click();
    await expect(page.getByRole('button', { name: 'TR Türkçe' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('E-posta adresi').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await expect(page).not.toHaveURL(/\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    const me = await page.request.get('/api/auth/me', { headers: await bearer(page) });
    expect(((await me.json()) as { user: { language: string } }).user.language).toBe('tr');

    await page.goto('/dashboard');
    // the dashboard asks once per session to finish the registration; 'Later' when it is in the way
    const later = page.getByRole('dialog', { name: text('tr', 'account', 'dashboard.modalTitle') });
    await later.waitFor({ timeout: 5_000 }).catch(() => undefined);
    if (await later.isVisible())
      await later.getByRole('button', { name: text('tr', 'account', 'dashboard.modalLater') }).click();
    const today = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(),
    );
    await expect(page.getByText(text('tr', 'account', 'dashboard.memberSince'))).toBeVisible();
    await expect(page.getByText(today).first()).toBeVisible();
    await shot(page, 'dashboard');

    await page.goto('/settings');
    await page.getByRole('button', { name: p('settings.deleteButton') }).click();
    const dialog = page.getByRole('dialog', { name: p('settings.dialogTitle') });
    await dialog
      .getByLabel(text('tr', 'account/delete-account', 'password.label'), { exact: true })
      .fill(PASSWORD);
    await dialog.getByRole('button', { name: p('settings.confirm') }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('status').filter({ hasText: /tarihinde silinecek/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: p('deleted.title') })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /tarihinde silinecek/ })).toBeVisible();
    await expect(page.getByText('—')).toHaveCount(0);
    await shot(page, 'account-deleted');
  });
});
