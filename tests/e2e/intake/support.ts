/** Helpers of the intake end-to-end tests: a signed-in practitioner and the words of the screens. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, latestMail, PASSWORD, uniqueEmail } from '../account/support/fixtures';

export type Lang = 'en' | 'tr';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const cache = new Map<string, Record<string, unknown>>();

function localeFile(lang: Lang, ns: string): Record<string, unknown> {
  const key = `${lang}/${ns}`;
  let file = cache.get(key);
  if (!file) {
    file = JSON.parse(readFileSync(path.join(ROOT, 'locales', lang, `${ns}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    cache.set(key, file);
  }
  return file;
}

/** A text of `locales/<lang>/<ns>.json` by dotted key, with `{{param}}`s filled in. */
export function text(
  lang: Lang,
  ns: string,
  key: string,
  params: Record<string, string | number> = {},
): string {
  let node: unknown = localeFile(lang, ns);
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`missing text ${lang}:${ns}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name] ?? `{{${name}}}`));
}

let ip = 0;

/**
 * A verified practitioner signed in on `page`: sign-up and verification through the API and the mailed link
 * (the account suite tests those screens), sign-in through the screen, then the interface language chosen.
 */
export async function signIn(page: Page, lang: Lang): Promise<{ email: string }> {
  ip += 1;
  const headers = { 'X-Forwarded-For': `10.250.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}` };
  const email = uniqueEmail(`intake-${lang}`);
  const signup = await page.request.post('/api/auth/signup/step1', {
    headers,
    data: {
      firstName: 'Deniz',
      lastName: 'Kaya',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      acceptPrivacyPolicy: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const mail = await latestMail(page, email, '/verify-email?token=');
  const token = new URL(mail.link).searchParams.get('token') ?? '';
  const verified = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
    headers,
  });
  expect(verified.status()).toBe(200);

  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  if (lang === 'tr') {
    await page.getByRole('button', { name: 'Türkçe' }).click();
    // the switch loads the Turkish texts first; the journey goes on in Turkish
    await expect(page.getByRole('button', { name: 'Türkçe' })).toHaveAttribute('aria-pressed', 'true');
  }
  return { email };
}

/** A second tab of the same signed-in session (the session lives in sessionStorage, which tabs do not share). */
export async function secondTab(context: BrowserContext, first: Page): Promise<Page> {
  const [auth, lang] = await first.evaluate(() => [
    sessionStorage.getItem('auth-storage'),
    localStorage.getItem('lang'),
  ]);
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '10.251.0.2' });
  await page.addInitScript(
    ([storedAuth, storedLang]) => {
      if (storedAuth) sessionStorage.setItem('auth-storage', storedAuth);
      if (storedLang) localStorage.setItem('lang', storedLang);
    },
    [auth, lang] as const,
  );
  return page;
}

export type { Browser };

/** The save status line of a section. */
export const saveStatus = (page: Page) => page.locator('#intake-save-status');

/** A field of an intake section by its data key and path: `#intake_demographics_clientFirstName`. */
export const field = (page: Page, section: string, path: string) =>
  page.locator(`#intake_${section}_${path}`);

/** Picks a value of a rating scale (radio buttons drawn as numbered boxes). */
export async function rate(page: Page, section: string, name: string, value: number): Promise<void> {
  await page.locator(`label:has(input[name="intake_${section}_${name}"][value="${value}"])`).click();
}

/** Waits until every change is stored and the line reads 'Last saved HH:MM'. */
export async function waitForSaved(page: Page, lang: Lang): Promise<void> {
  await expect(saveStatus(page)).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  const prefix = text(lang, 'intake', 'status.lastSaved', { time: '' }).trim();
  await expect(saveStatus(page)).toContainText(new RegExp(`${prefix} \\d{2}[:.]\\d{2}`));
}

/** Fills section 1 completely, the phone typed the usual Turkish way. */
export async function fillDemographics(page: Page, lang: Lang, firstName: string, lastName: string) {
  await field(page, 'demographics', 'clientFirstName').fill(firstName);
  await field(page, 'demographics', 'clientLastName').fill(lastName);
  await field(page, 'demographics', 'birthDate').fill('2014-03-09');
  await field(page, 'demographics', 'gender').selectOption({
    label: text(lang, 'intake/demographics', 'gender.options.female'),
  });
  await field(page, 'demographics', 'schoolName').fill('Atatürk İlkokulu');
  await field(page, 'demographics', 'gradeLevel').selectOption({
    label: text(lang, 'intake/demographics', 'gradeLevel.options.5'),
  });
  await field(page, 'demographics', 'guardianFirstName').fill('Fatma');
  await field(page, 'demographics', 'guardianLastName').fill('Yılmaz');
  // typed the usual Turkish way: stored (and shown after the save) as +905321234567
  await field(page, 'demographics', 'guardianPhone').fill('0532 123 45 67');
  await field(page, 'demographics', 'guardianEmail').fill('fatma@example.com');
  for (const attendee of ['client', 'mother']) {
    await page
      .getByRole('checkbox', {
        name: text(lang, 'intake/demographics', `meetingAttendees.options.${attendee}`),
        exact: true,
      })
      .check();
  }
  await field(page, 'demographics', 'meetingDate').fill('2026-11-02');
}
