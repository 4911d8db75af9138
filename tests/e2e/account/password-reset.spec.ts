import { expect, expectNoAxeViolations, latestMail, pathOf, test, uniqueEmail } from './support/fixtures';
import { logIn, signUp, verifyByMail } from './support/flows';

const NEW_PASSWORD = 'Yeni!Parola2027';

test.describe('password recovery through the outbox', () => {
  test('forgot password, "Check your email", the mailed link, a new password, then sign-in with it', async ({
    page,
  }) => {
    const email = uniqueEmail('reset');
    await signUp(page, { firstName: 'Deniz', lastName: 'Arslan', email });
    await verifyByMail(page, email);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expectNoAxeViolations(page, 'forgot password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expectNoAxeViolations(page, 'reset link sent');
    await page.getByRole('button', { name: 'Send another email' }).click();
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();

    const mail = await latestMail(page, email, '/reset-password?token=');
    await page.goto(pathOf(mail.link));
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await expectNoAxeViolations(page, 'reset form');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password Reset Successful' })).toBeVisible();
    await expectNoAxeViolations(page, 'reset done');
    await page.getByRole('link', { name: 'Continue to Login' }).click();

    await logIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/signup\/step2$/);

    // the link is single use
    await page.goto(pathOf(mail.link));
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
  });

  test('without a token the reset link is invalid', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Invalid reset token. Please request a new password reset.',
    );
    await expect(page.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await expectNoAxeViolations(page, 'invalid reset link');
  });
});
