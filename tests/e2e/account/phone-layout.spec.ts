import type { Page } from '@playwright/test';
import { expect, PASSWORD, test, uniqueEmail } from './support/fixtures';
import { createVerifiedAccount, logIn } from './support/flows';

/** Visible links and buttons smaller than 44 x 44 px (screen-reader-only ones excluded). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a, button')].flatMap((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const hidden =
        box.width <= 1 || box.height <= 1 || style.visibility === 'hidden' || style.display === 'none';
      if (hidden || (box.width >= 43.5 && box.height >= 43.5)) return [];
      return [
        `${element.tagName} "${element.textContent?.trim()}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      ];
    }),
  );
}

/** The product name in the top bar is shown whole and inside the screen. */
async function expectBrandWhole(page: Page, name: string): Promise<void> {
  const brand = page.getByRole('banner').getByRole('link', { name });
  await expect(brand).toBeVisible();
  const fits = await brand.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.scrollWidth <= element.clientWidth + 1 && box.left >= 0 && box.right <= window.innerWidth;
  });
  expect(fits, `"${name}" is cut`).toBe(true);
}

test.describe('on a phone @phone', () => {
  for (const width of [375, 360]) {
    test(`at ${width} px the brand is whole and every link and button is a 44 px target, in English and Turkish`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const email = uniqueEmail(`phone${width}`);
      await createVerifiedAccount(page, { firstName: 'Deniz', lastName: 'Kaya', email });

      await page.goto('/login');
      expect(await smallTargets(page), 'small targets on sign-in').toEqual([]);
      await page.goto('/signup/step1');
      expect(await smallTargets(page), 'small targets on sign-up').toEqual([]);

      await logIn(page, email, PASSWORD);
      // the session is stored when sign-in answers: going on before that lands back on /login
      await expect(page).not.toHaveURL(/\/login$/);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Deniz' })).toBeVisible();
      const modal = page.getByRole('dialog', { name: 'Complete your registration' });
      await modal.getByRole('button', { name: "I'll do this later" }).click();
      await expectBrandWhole(page, 'Psychologist Platform');
      const menu = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
      expect(menu!.width).toBeGreaterThanOrEqual(44);
      expect(await smallTargets(page), 'small targets on the dashboard').toEqual([]);

      await page.getByRole('button', { name: 'TR Türkçe' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /Hoş geldiniz/ })).toBeVisible();
      await expectBrandWhole(page, 'Psikolog Platformu');
      expect(await smallTargets(page), 'small targets on the Turkish dashboard').toEqual([]);
    });
  }

  test('a toast sits at the bottom, off the top bar and the heading, leaves the language switch usable and does not repeat the banner', async ({
    page,
  }) => {
    const email = uniqueEmail('toast');
    await page.goto('/signup/step1');
    await page.getByLabel('First name').fill('Ece');
    await page.getByLabel('Last name').fill('Demir');
    await page.getByLabel('Email address').fill(email);
    await expect(page.getByText('Email is available')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel(/I accept the Terms and Conditions/).check();
    await page.getByLabel(/I accept the Privacy Policy/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
    await expect(toast).toContainText('Account Created Successfully!');
    const header = (await page.getByRole('banner').boundingBox())!;
    const heading = (await page.locator('main h1, h1').first().boundingBox())!;
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(toastBox.y, 'toast over the page heading').toBeGreaterThanOrEqual(heading.y + heading.height);
    // the switch can be used while the toast is up
    await page.getByRole('button', { name: 'TR Türkçe' }).click({ trial: true });
    const sentText = `Verification email sent to ${email}.`;
    await expect(page.getByText(sentText)).toHaveCount(1);
  });
});
