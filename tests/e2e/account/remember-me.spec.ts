import { expect, PASSWORD, test, uniqueEmail } from './support/fixtures';
import { signUp, verifyByMail } from './support/flows';

test.describe("'Remember me'", () => {
  for (const remember of [true, false]) {
    test(`${remember ? 'keeps' : 'does not keep'} the session once the browser is closed`, async ({
      page,
      browser,
    }) => {
      const email = uniqueEmail(remember ? 'remember' : 'forget');
      await signUp(page, { firstName: 'Oya', lastName: 'Tekin', email });
      await verifyByMail(page, email);
      await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      if (remember) await page.getByLabel('Remember me').check();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/signup\/step2$/);

      // a new browser session: cookies and localStorage survive, sessionStorage does not
      const saved = await page.context().storageState();
      const reopened = await browser.newContext({
        storageState: saved,
        baseURL: test.info().project.use.baseURL,
      });
      const again = await reopened.newPage();
      await again.goto('/dashboard');
      if (remember)
        await expect(again.getByRole('heading', { level: 1, name: 'Welcome, Oya' })).toBeVisible();
      else await expect(again).toHaveURL(/\/login$/);
      await reopened.close();
    });
  }
});
