import { expect, test } from './support/fixtures';

test.describe('keyboard only', () => {
  test('sign-in can be filled and sent with Tab, typing and Enter; the error is announced', async ({
    page,
  }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email address');
    for (let i = 0; i < 10 && !(await email.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(email).toBeFocused();
    await page.keyboard.type('nobody@example.com');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type('Wrong!Password1');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Invalid email or password');
  });

  test('the Terms modal opens from the keyboard, traps Tab and gives focus back on Escape', async ({
    page,
  }) => {
    await page.goto('/signup/step1');
    // the link sits inside the checkbox's label; following it opens the text and ticks nothing
    const opener = page.getByRole('link', { name: 'Terms and Conditions' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/identity/i).first()).toBeVisible();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.getByLabel('I accept the Terms and Conditions')).not.toBeChecked();
  });
});
