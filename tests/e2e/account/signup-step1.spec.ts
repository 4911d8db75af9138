import { expect, test, uniqueEmail } from './support/fixtures';

test.describe('sign-up step 1', () => {
  test('says whether the e-mail is free right under the e-mail field, before the password', async ({
    page,
  }) => {
    await page.goto('/signup/step1');
    const email = page.getByLabel('Email address');
    await email.fill(uniqueEmail('note'));
    const note = page.getByTestId('email-availability');
    await expect(note).toHaveText(/Email is available/);
    const [emailBox, noteBox, passwordBox] = await Promise.all([
      email.boundingBox(),
      note.boundingBox(),
      page.getByLabel('Password', { exact: true }).boundingBox(),
    ]);
    expect(noteBox!.y).toBeGreaterThan(emailBox!.y + emailBox!.height - 1);
    expect(noteBox!.y).toBeLessThan(passwordBox!.y);
    expect(noteBox!.y - (emailBox!.y + emailBox!.height)).toBeLessThan(24);
  });

  test('opens the Terms and the Privacy Policy from links inside the checkbox labels, by keyboard', async ({
    page,
  }) => {
    await page.goto('/signup/step1');
    for (const [link, title, box] of [
      ['Terms and Conditions', 'Terms and Conditions', 'I accept the Terms and Conditions'],
      ['Privacy Policy', 'Privacy Policy', 'I accept the Privacy Policy'],
    ] as const) {
      const checkbox = page.getByLabel(box);
      const opener = page.locator('label').filter({ has: checkbox }).getByRole('link', { name: link });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      await expect(checkbox).not.toBeChecked();
      await checkbox.check();
      await expect(checkbox).toBeChecked();
    }
  });
});
