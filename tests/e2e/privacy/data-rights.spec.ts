import { readFileSync } from 'node:fs';
import { validSections } from '../../fixtures/intake/sections';
import { readZip } from '../../server/support/read-zip';
import {
  expect,
  expectNoAxeViolations,
  latestMail,
  PASSWORD,
  pathOf,
  test,
} from '../account/support/fixtures';
import { signIn, text } from '../intake/support';

const t = (key: string, params: Record<string, string | number> = {}) => text('tr', 'privacy', key, params);

test.describe('KVKK data rights in Turkish', () => {
  test('a client’s access history, Settings > Verilerimi indir and Hesabımı sil, then the mailed cancel link', async ({
    page,
  }) => {
    // five sign-ins' worth of argon2 and three axe scans on two shared cores
    test.slow();
    const { email } = await signIn(page, 'tr');
    // a client record made through the API with the page's session cookie (the intake suite tests its screens)
    const created = await page.request.post('/api/client-intake', {
      data: { demographics: { ...validSections.demographics, clientFirstName: 'Elif' }, status: 'draft' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/client-intake/${id}/summary`);
    await page.getByRole('link', { name: t('history.open') }).click();
    await expect(page).toHaveURL(new RegExp(`/client-intake/${id}/access-history$`));
    await expect(page.getByRole('heading', { level: 1, name: t('history.title') })).toBeVisible();
    const rows = page.locator('tbody tr');
    // newest first: the summary's read, then the creation
    await expect(rows.first()).toContainText(t('history.actions.read'));
    await expect(rows.last()).toContainText(t('history.actions.create'));
    await expect(rows.first()).toContainText(t('history.you'));
    await expectNoAxeViolations(page, 'access history tr');

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 2, name: t('settings.exportTitle') })).toBeVisible();
    await expectNoAxeViolations(page, 'settings tr');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t('settings.exportButton') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const archive = readZip(readFileSync((await download.path())!));
    expect(archive.get('summary.html')!.toString('utf8')).toContain(t('archive.title'));
    const records = JSON.parse(archive.get('data/intake-records.json')!.toString('utf8')) as Array<{
      id: string;
    }>;
    expect(records.map((r) => r.id)).toEqual([id]);
    await expect(page.getByText(t('settings.exported'))).toBeVisible();

    await page.getByRole('button', { name: t('settings.deleteButton') }).click();
    const dialog = page.getByRole('dialog', { name: t('settings.dialogTitle') });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'delete dialog tr');
    await dialog
      .getByLabel(text('tr', 'account/delete-account', 'password.label'), { exact: true })
      .fill(PASSWORD);
    await dialog.getByRole('button', { name: t('settings.confirm') }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('heading', { level: 1, name: t('deleted.title') })).toBeVisible();

    // sign-in is blocked at once, and says how to keep the account
    await page.goto('/login');
    await page.getByLabel('E-posta adresi').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await expect(page.getByText(text('tr', 'errors', 'auth.deletionPending'))).toBeVisible();

    const mail = await latestMail(page, email, '/cancel-deletion?token=');
    await page.goto(pathOf(mail.link));
    await expect(page.getByRole('heading', { level: 1, name: t('cancelDeletion.title') })).toBeVisible();
    await page.getByRole('button', { name: t('cancelDeletion.button') }).click();
    await expect(page.getByText(t('cancelDeletion.done'))).toBeVisible();
    await expectNoAxeViolations(page, 'deletion cancelled tr');

    await page.getByRole('link', { name: t('cancelDeletion.signIn') }).click();
    await page.getByLabel('E-posta adresi').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Giriş yap' }).click();
    await expect(page).not.toHaveURL(/\/login$/);
  });
});
