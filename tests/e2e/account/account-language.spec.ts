import { expect, PASSWORD, test, uniqueEmail } from './support/fixtures';
import { createVerifiedAccount, logIn } from './support/flows';

test.describe('the language chosen while signed in', () => {
  test('follows the practitioner to another browser after sign-in', async ({ page, browser }) => {
    const email = uniqueEmail('lang');
    await createVerifiedAccount(page, { firstName: 'Selin', lastName: 'Aydın', email });
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/signup\/step2$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/auth/language') && r.ok());
    await page.getByRole('button', { name: 'TR Türkçe' }).click();
    await saved;
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();

    // another browser, in English, signs in: the account's Turkish applies
    const other = await browser.newContext({
      locale: 'en-GB',
      extraHTTPHeaders: { 'X-Forwarded-For': '10.250.1.2' },
    });
    const second = await other.newPage();
    await second.goto('/login');
    await expect(second.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    await logIn(second, email, PASSWORD);
    await expect(second.getByRole('heading', { level: 1, name: 'Mesleki Belgeler' })).toBeVisible();
    await expect(second.locator('html')).toHaveAttribute('lang', 'tr');
    await other.close();
  });
});
