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
    // the page's own clock: when the message appeared and when the page left for the resend page (the test's
    // clock would count its own delays in seeing either)
    await page.addInitScript(() => {
      const seen: { shown?: number; left?: number } = {};
      (window as unknown as { redirectSeen: typeof seen }).redirectSeen = seen;
      new MutationObserver(() => {
        const alert = document.querySelector('[role="alert"]')?.textContent ?? '';
        if (seen.shown === undefined && alert.includes('Please verify your email'))
          seen.shown = performance.now();
        if (
          seen.shown !== undefined &&
          seen.left === undefined &&
          location.pathname === '/verify-email/resend'
        )
          seen.left = performance.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/login');
    await logIn(page, email);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please verify your email before logging in' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/verify-email\/resend$/, { timeout: 10_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { redirectSeen: { shown?: number; left?: number } }).redirectSeen,
    );
    expect((seen.left ?? 0) - (seen.shown ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(2_900);
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
