import type { Page } from '@playwright/test';
import { apiAddress, expect, outboxMails, PASSWORD, pathOf, test, uniqueEmail } from './support/fixtures';
import { logIn } from './support/flows';

/** The 6-digit code and the link of the newest verification mail. */
async function verificationMail(_page: Page, email: string): Promise<{ code: string; link: string }> {
  let found: { code: string; link: string } | undefined;
  await expect
    .poll(async () => {
      const mail = (await outboxMails(email)).find((m) => m.kind === 'verification');
      const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (mail && code) found = { code, link: mail.links[0]! };
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

async function signUpByApi(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/auth/signup/step1', {
    headers: apiAddress(),
    data: {
      firstName: 'Kerem',
      lastName: 'Yıldız',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      acceptPrivacyPolicy: true,
    },
  });
  expect(response.ok()).toBe(true);
}

test.describe('the code of the verification e-mail', () => {
  test('can be typed on the pending screen: a wrong code says so, the right one leads to sign-in', async ({
    page,
  }) => {
    const email = uniqueEmail('code');
    await signUpByApi(page, email);
    const { code } = await verificationMail(page, email);
    // the pending screen is reached with the address in the history state (as the sign-in landing does)
    await page.goto('/login');
    await page.evaluate((address) => {
      window.history.pushState({ usr: { email: address }, key: 'code', idx: 1 }, '', '/verify-email/pending');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

    const field = page.getByLabel('6-digit code');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Enter the 6 digits from the email' }),
    ).toBeVisible();
    await expect(field).toBeFocused();

    const wrong = code === '000000' ? '111111' : '000000';
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/verify-email\/pending$/);

    // pasted with a space, as mail apps often copy it
    await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText(
        'Your email address has been verified. Sign in to continue your registration with step 2.',
      ),
    ).toBeVisible();
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/signup\/step2$/);
  });

  test('can be typed where an unverified sign-in lands (resend screen)', async ({ page }) => {
    const email = uniqueEmail('coderesend');
    await signUpByApi(page, email);
    const { code } = await verificationMail(page, email);
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/verify-email\/resend$/, { timeout: 8_000 });
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/signup\/step2$/);
  });

  test('an already verified link offers "Sign in", not "Back to sign up"', async ({ page }) => {
    const email = uniqueEmail('twice');
    await signUpByApi(page, email);
    const { link } = await verificationMail(page, email);
    await page.request.get(`/api/auth${pathOf(link)}`);
    await page.goto(pathOf(link));
    await expect(page.getByText('This email has already been verified.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('link', { name: 'Back to sign up' })).toHaveCount(0);
  });
});
