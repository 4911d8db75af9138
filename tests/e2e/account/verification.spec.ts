import { expect, expectNoAxeViolations, test } from './support/fixtures';

test.describe('verification links (spec section 8)', () => {
  test('an unknown token is "This verification link is invalid." without a new-link offer', async ({
    page,
  }) => {
    await page.goto('/verify-email?token=not-a-real-token-0123456789');
    await expect(page.getByRole('heading', { level: 1, name: 'Verification failed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'This verification link is invalid.',
    );
    await expect(page.getByRole('link', { name: 'Request new verification email' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to sign up' })).toHaveAttribute(
      'href',
      '/signup/step1',
    );
    await expectNoAxeViolations(page, 'invalid link');
    await page.getByRole('link', { name: 'Contact support' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@example.com' })).toBeVisible();
    await expectNoAxeViolations(page, 'support');
  });

  test('no token at all is "Invalid verification link"', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Invalid verification link');
  });

  // The server has no operator command that ages a token, so the expired answer is the server's
  // documented one (400 TOKEN_EXPIRED, English message containing 'expired'), served by the test.
  test('an expired link offers "Request new verification email", which asks for the address', async ({
    page,
  }) => {
    await page.route('**/api/auth/verify-email?token=*', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'TOKEN_EXPIRED', message: 'This verification link has expired.' }),
      }),
    );
    await page.goto('/verify-email?token=expired-token');
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'This verification link has expired. Please request a new one.',
    );
    await expectNoAxeViolations(page, 'expired link');
    await page.getByRole('link', { name: 'Request new verification email' }).click();
    await expect(page).toHaveURL(/\/verify-email\/resend$/);
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expectNoAxeViolations(page, 'resend without an address');
  });

  test('the pending screen without an e-mail goes to sign-up step 1', async ({ page }) => {
    await page.goto('/verify-email/pending');
    await expect(page).toHaveURL(/\/signup\/step1$/);
  });
});
