import {
  admin,
  expect,
  expectNoAxeViolations,
  latestMail,
  PASSWORD,
  test,
  uniqueEmail,
} from './support/fixtures';
import { logIn, signUp, verifyByMail } from './support/flows';

test.describe('sign-in errors (spec section 8)', () => {
  test('a wrong password says "Invalid email or password"', async ({ page }) => {
    const email = uniqueEmail('wrongpw');
    await signUp(page, { firstName: 'Mehmet', lastName: 'Demir', email });
    await verifyByMail(page, email);
    await logIn(page, email, 'Wrong!Password1');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expectNoAxeViolations(page, 'login with an error');
  });

  test('an unverified e-mail is told so and sent to /verify-email/resend with the address after 3 seconds', async ({
    page,
  }) => {
    const email = uniqueEmail('unverified');
    await signUp(page, { firstName: 'Elif', lastName: 'Kaya', email });
    await logIn(page, email);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please verify your email before logging in' }),
    ).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/verify-email\/resend$/, { timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1_500);
    await expect(page.getByTestId('resend-email')).toHaveText(email);
    // sign-up sent the first mail and started the server's cooldown, which the button shows
    await expect(page.getByRole('button', { name: /Resend available in \d+ seconds?/ })).toBeDisabled();
    await expectNoAxeViolations(page, 'resend page');
    await latestMail(page, email, '/verify-email?token=');
  });

  test('a suspended account is told to contact support', async ({ page }) => {
    const email = uniqueEmail('suspended');
    await signUp(page, { firstName: 'Can', lastName: 'Öztürk', email });
    await verifyByMail(page, email);
    await admin('suspend', email);
    await logIn(page, email, PASSWORD);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your account has been suspended. Please contact support.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
