import type { Page } from '@playwright/test';
import { apiAddress, expect, expectNoAxeViolations, latestMail, PASSWORD, pathOf } from './fixtures';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
}

/** Sign-up step 1 through the screen, ending on /login with the banner. */
export async function signUp(page: Page, person: Person, options: { axe?: boolean } = {}): Promise<void> {
  await page.goto('/signup/step1');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email address').fill(person.email);
  await expect(page.getByText('Email is available')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(person.password ?? PASSWORD);
  await page.getByLabel('Confirm password').fill(person.password ?? PASSWORD);
  await page.getByLabel('I accept the Terms and Conditions').check();
  await page.getByLabel('I accept the Privacy Policy').check();
  if (options.axe) await expectNoAxeViolations(page, 'sign-up step 1 filled');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Opens the verification link of the newest verification mail. */
export async function verifyByMail(page: Page, email: string): Promise<void> {
  const mail = await latestMail(page, email, '/verify-email?token=');
  await page.goto(pathOf(mail.link));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** An account with a verified e-mail, made through the API (faster than the screens), in a language. */
export async function createVerifiedAccount(
  page: Page,
  person: Person,
  lang: 'en' | 'tr' = 'en',
): Promise<void> {
  const address = apiAddress();
  const response = await page.request.post('/api/auth/signup/step1', {
    headers: { 'accept-language': lang, ...address },
    data: {
      ...person,
      password: person.password ?? PASSWORD,
      confirmPassword: person.password ?? PASSWORD,
      acceptTerms: true,
      acceptPrivacyPolicy: true,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const mail = await latestMail(page, person.email, '/verify-email?token=');
  const verified = await page.request.get(
    `/api/auth/verify-email?token=${new URL(mail.link).searchParams.get('token')}`,
    { headers: address },
  );
  expect(verified.ok()).toBe(true);
}
