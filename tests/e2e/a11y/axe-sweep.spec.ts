import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { HOME_ROUTINES_ANSWERS } from '../../fixtures/questionnaires/home-routines-answers';
import { expect, PASSWORD, test, uniqueEmail } from '../account/support/fixtures';
import { createVerifiedAccount } from '../account/support/flows';
import { submitResponse } from '../questionnaires/support';

type Lang = 'en' | 'tr';

/** Serious and critical axe findings on the page, experimental rules (label-content-name-mismatch) included. */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    );
}

/** Opens a page and waits until it has drawn its heading and finished loading. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^(Loading\.\.\.|Yükleniyor\.\.\.)$/)).toHaveCount(0);
}

/** Signs in through the API and hands the session to the page (sign-in itself is swept as a public page). */
async function signInByApi(page: Page, email: string, lang: Lang): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  const { user, accessToken } = (await response.json()) as { user: object; accessToken: string };
  await page.addInitScript(
    ([state, language]) => {
      sessionStorage.setItem('auth-storage', state);
      localStorage.setItem('lang', language);
    },
    [
      JSON.stringify({
        state: { user, token: accessToken, isAuthenticated: true, signupData: {}, rememberMe: false },
        version: 0,
      }),
      lang,
    ] as const,
  );
  return accessToken;
}

async function sweep(page: Page, lang: Lang): Promise<string[]> {
  const found: string[] = [];
  const check = async (path: string, label = path, prepare?: () => Promise<void>) => {
    await visit(page, path);
    if (prepare) await prepare();
    found.push(...(await seriousViolations(page, `${lang} ${page.viewportSize()?.width}px ${label}`)));
  };
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);

  // public pages
  await check('/login');
  await check('/signup/step1');
  await check('/forgot-password');
  await check('/reset-password?token=sweep', '/reset-password (form)');
  await check('/reset-password', '/reset-password (invalid link)');
  await check('/verify-email?token=not-a-token', '/verify-email (failure)');
  await check('/verify-email/resend');
  await check('/support');
  await check('/pending-approval');
  await check('/account-rejected');
  await check('/account-suspended');
  await visit(page, '/login');
  await page.evaluate((address) => {
    window.history.pushState({ usr: { email: address }, key: 'sweep', idx: 1 }, '', '/verify-email/pending');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, 'sweep@example.com');
  await expect(page.getByTestId('pending-email')).toBeVisible();
  found.push(
    ...(await seriousViolations(page, `${lang} ${page.viewportSize()?.width}px /verify-email/pending`)),
  );

  // signed in
  const email = uniqueEmail(`axe-${lang}`);
  await createVerifiedAccount(page, { firstName: 'Derya', lastName: 'Öztürk', email }, lang);
  const token = await signInByApi(page, email, lang);
  await check('/signup/step2');
  await check('/signup/step3');
  await check('/dashboard', '/dashboard', async () => {
    // the completion modal (once per session) is part of the dashboard
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  await check('/profile');
  await check('/settings');
  await check('/patients');
  await check('/client-intake-list');

  const created = await page.request.post('/api/client-intake', {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'draft', demographics: { clientFirstName: 'Ada' } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await check('/client-intake/new');
  for (const section of ['', '/complaint-history', '/medical-history', '/family-social-life']) {
    await check(`/client-intake/${id}${section}`);
  }
  await check(`/client-intake/${id}/summary`);
  await check(`/client-intake/${id}/access-history`);

  // the questionnaire library, a preview, giving one to a client, and a client with a scored response
  await check('/questionnaires');
  await check('/questionnaires/home-routines');
  await check('/patients/give/home-routines');
  const responseId = (await submitResponse(page, token, id, 'home-routines', HOME_ROUTINES_ANSWERS)).id;
  await check(`/patients/${id}/responses/${responseId}`);
  await check(`/patients/${id}/results/home-routines`);
  await check(`/patients/${id}`);
  await check('/client-intake-list', '/client-intake-list (one draft)');

  // the respondent's page of a link, as the guardian opens it
  const issued = await page.request.post(`/api/clients/${id}/links`, {
    headers: { authorization: `Bearer ${token}` },
    data: { questionnaireId: 'home-routines', respondent: 'guardian', language: lang, ageOverride: true },
  });
  expect(issued.ok(), await issued.text()).toBe(true);
  await check(new URL(((await issued.json()) as { url: string }).url).pathname, '/r/<token>');
  return found;
}

for (const lang of ['en', 'tr'] as const) {
  test(`axe finds nothing serious or critical on any page in ${lang} @mobile`, async ({ page }) => {
    test.setTimeout(480_000);
    expect(await sweep(page, lang)).toEqual([]);
  });
}
