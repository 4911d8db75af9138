import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { validSections } from '../../fixtures/intake/sections';
import { expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { runTimers, sentRequests, watchPage } from '../account/support/page-events';
import { field, fillDemographics, type Lang, saveStatus, signIn, text, waitForSaved } from './support';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const say = (lang: Lang, key: string, params?: Record<string, string | number>) =>
  text(lang, 'intake', key, params);
/** The auto-save's 2 s after the last key, the typing pause before it, and room to spare, on the page's clock. */
const AUTO_SAVE_RUN = 5_000;
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

/** The session's bearer token, as the app keeps it, for API calls of the test's own. */
async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => {
    const stored = JSON.parse(sessionStorage.getItem('auth-storage') ?? '{}') as {
      state?: { token?: string };
    };
    return stored.state?.token ?? '';
  });
  return { authorization: `Bearer ${token}` };
}

/** A record with all four sections complete, submitted through the API; answers its id. */
async function submittedIntake(page: Page): Promise<string> {
  const headers = await bearer(page);
  const created = await page.request.post('/api/client-intake', {
    headers,
    data: { demographics: validSections.demographics, status: 'draft' },
  });
  let { id, version } = (await created.json()) as { id: string; version: number };
  for (const key of ['complaintHistory', 'medicalHistory'] as const) {
    const res = await page.request.put(`/api/client-intake/${id}`, {
      headers,
      data: { [key]: validSections[key], status: 'draft', version },
    });
    ({ version } = (await res.json()) as { version: number });
  }
  const submitted = await page.request.put(`/api/client-intake/${id}`, {
    headers,
    data: { familySocialLife: validSections.familySocialLife, status: 'submitted', version },
  });
  expect(submitted.status()).toBe(200);
  return id;
}

test.describe('records a practitioner can trust', () => {
  test('a brand-new intake is created by Save Draft, not by auto-save, even with a phone not right yet', async ({
    page,
  }) => {
    await signIn(page, 'en');
    await watchPage(page);
    await page.goto('/client-intake/new');
    await field(page, 'demographics', 'clientFirstName').fill('Elif');
    await field(page, 'demographics', 'guardianPhone').fill('(0532) 123-45');
    // the page's timers run well past the auto-save delay: an abandoned name must not become a second client
    await runTimers(page, AUTO_SAVE_RUN);
    expect((await sentRequests(page)).filter((sent) => sent.includes('/api/client-intake'))).toEqual([]);
    await expect(page).toHaveURL(/\/client-intake\/new$/);
    await expect(saveStatus(page)).toContainText(say('en', 'status.notCreated'));
    await page.getByRole('button', { name: say('en', 'buttons.saveDraft') }).click();
    await expect(page).toHaveURL(new RegExp(`/client-intake/${UUID}$`));
    await expect(saveStatus(page)).toHaveAttribute('data-state', 'saved');
    const message = text('en', 'intake/demographics', 'guardianPhone.errors.format');
    await expect(page.getByText(message).first()).toBeVisible();
    // the control: the same run of the clock auto-saves a record that exists, so the check above could fail
    await field(page, 'demographics', 'guardianPhone').fill(validSections.demographics.guardianPhone);
    await runTimers(page, AUTO_SAVE_RUN);
    await expect
      .poll(
        async () =>
          (await sentRequests(page)).filter((sent) => sent.startsWith('PUT /api/client-intake/')).length,
      )
      .toBeGreaterThan(0);
    await expect(saveStatus(page)).toHaveAttribute('data-state', 'saved');
  });

  test('Submit from section 1 of a fresh intake submits nothing and lists the missing sections', async ({
    page,
  }) => {
    await signIn(page, 'en');
    await page.goto('/client-intake/new');
    await field(page, 'demographics', 'clientFirstName').fill('Selin');
    await page.getByRole('button', { name: say('en', 'buttons.submit') }).click();
    const list = page.getByRole('alert').filter({ hasText: say('en', 'checkAnswers.title') });
    await expect(list).toBeVisible();
    await expect(list).toBeFocused();
    for (const form of ['demographics', 'complaint-history', 'medical-history', 'family-social-life'])
      await expect(list).toContainText(text('en', `intake/${form}`, '_form.title'));
    await expect(page).toHaveURL(new RegExp(`/client-intake/${UUID}$`));
    await expectNoAxeViolations(page, 'check your answers');

    // a link opens its section with focus on the field
    await list
      .getByRole('link', { name: say('en', 'checkAnswers.openSection') })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/client-intake/${UUID}/complaint-history$`));
    await expect(field(page, 'complaintHistory', 'complaintDescription')).toBeFocused();

    await page.goto('/client-intake-list');
    const card = page.getByRole('article', { name: 'Selin' });
    await expect(card).toContainText(say('en', 'statusLabels.draft'));
    await expect(card).toContainText(say('en', 'list.sectionsCount', { count: 0, total: 4 }));
  });

  test('a submitted record opens read-only and becomes a draft only through Reopen', async ({ page }) => {
    await signIn(page, 'en');
    const id = await submittedIntake(page);
    await page.goto(`/client-intake/${id}/complaint-history`);
    await expect(page).toHaveURL(`/client-intake/${id}/summary`);
    await expect(page.getByText(say('en', 'summary.submittedNotice', { date: '' }).trim())).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);

    await page.getByRole('button', { name: say('en', 'reopen.button') }).click();
    const dialog = page.getByRole('dialog', { name: say('en', 'reopen.title') });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'reopen dialog');
    await dialog.getByRole('button', { name: say('en', 'reopen.confirm') }).click();
    await expect(page).toHaveURL(`/client-intake/${id}/complaint-history`);
    await field(page, 'complaintHistory', 'complaintTriggers').fill('Changed after reopening it.');
    await waitForSaved(page, 'en');
    const record = await page.request.get(`/api/client-intake/${id}`, { headers: await bearer(page) });
    expect(await record.json()).toMatchObject({
      status: 'draft',
      complaintHistory: { complaintTriggers: 'Changed after reopening it.' },
    });
  });

  test('a stale tab cannot turn a submitted record back into a draft by typing', async ({ page }) => {
    await signIn(page, 'en');
    await page.goto('/client-intake/new');
    await fillDemographics(page, 'en', 'Deniz', 'Aksoy');
    await page.getByRole('button', { name: say('en', 'buttons.saveDraft') }).click();
    await waitForSaved(page, 'en');
    const id = new URL(page.url()).pathname.split('/')[2]!;
    const headers = await bearer(page);
    const current = (await (await page.request.get(`/api/client-intake/${id}`, { headers })).json()) as {
      version: number;
    };
    let version = current.version;
    for (const key of ['complaintHistory', 'medicalHistory', 'familySocialLife'] as const) {
      const res = await page.request.put(`/api/client-intake/${id}`, {
        headers,
        data: {
          [key]: validSections[key],
          status: key === 'familySocialLife' ? 'submitted' : 'draft',
          version,
        },
      });
      ({ version } = (await res.json()) as { version: number });
    }
    // this tab still shows the draft; its next auto-save meets the submitted record
    await field(page, 'demographics', 'schoolName').fill('Typed in a stale tab');
    const alert = page.getByRole('alert').filter({ hasText: say('en', 'conflict.submittedTitle') });
    await expect(alert).toBeVisible({ timeout: 10_000 });
    await expect(field(page, 'demographics', 'schoolName')).toHaveValue('Typed in a stale tab');
    const record = await page.request.get(`/api/client-intake/${id}`, { headers });
    expect(await record.json()).toMatchObject({ status: 'submitted' });
  });

  for (const lang of ['en', 'tr'] as const) {
    test(`screens at 1280 px and 375 px in ${lang}: the section editor, the summary and the print view`, async ({
      page,
    }) => {
      test.slow();
      mkdirSync(SHOTS, { recursive: true });
      await signIn(page, lang);
      const id = await submittedIntake(page);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto(`/client-intake/${id}/summary`);
        await expect(page.getByRole('button', { name: say(lang, 'reopen.button') })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/summary-${lang}-${width}.png`, fullPage: true });
        // the print view: the paper's own heading with the client, the four sections, none of the buttons
        const name = `${validSections.demographics.clientFirstName} ${validSections.demographics.clientLastName}`;
        await expect(page).toHaveTitle(new RegExp(`^${say(lang, 'summary.documentTitle', { name })}`));
        const heading = page.locator('[data-print-heading]');
        await expect(heading).toBeHidden();
        await page.emulateMedia({ media: 'print' });
        await expect(heading).toBeVisible();
        await expect(heading).toContainText(`${say(lang, 'print.client')}${name}`);
        await expect(heading).toContainText(say(lang, 'print.practitioner'));
        for (const form of ['demographics', 'complaint-history', 'medical-history', 'family-social-life'])
          await expect(
            page.getByRole('heading', {
              level: 2,
              name: text(lang, `intake/${form}`, '_form.title'),
              exact: true,
            }),
          ).toBeVisible();
        await expect(page.getByRole('button', { name: say(lang, 'reopen.button') })).toBeHidden();
        await expect(page.getByRole('button', { name: say(lang, 'summary.print') })).toBeHidden();
        await page.screenshot({ path: `${SHOTS}/print-${lang}-${width}.png`, fullPage: true });
        if (width === 1280) {
          // on A4 the whole record runs over several pages, none of it cut off at the first
          const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
          const pages = pdf.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
          expect(pages).toBeGreaterThan(1);
        }
        await page.emulateMedia({ media: 'screen' });
        await page.goto('/client-intake/new');
        await field(page, 'demographics', 'clientFirstName').fill('Elif');
        // on a phone the bar shows the main action; Save Draft is behind its More button
        if (width === 375) await page.getByRole('button', { name: say(lang, 'buttons.more') }).click();
        await page.getByRole('button', { name: say(lang, 'buttons.saveDraft') }).click();
        await waitForSaved(page, lang);
        await page.goto(`${new URL(page.url()).pathname}/medical-history`);
        await expect(page.locator('[data-action-bar]')).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/editor-${lang}-${width}.png` });
        // the bar's buttons sit on one line at 1280 px, and nothing scrolls sideways at 375 px
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        if (width === 1280) {
          const tops = await page.locator('[data-action-bar] button').evaluateAll((buttons) =>
            buttons
              // the phone's "more" button is not drawn at 1280 px
              .filter((b) => b.getClientRects().length > 0)
              .map((b) => Math.round(b.getBoundingClientRect().top)),
          );
          expect(new Set(tops).size).toBe(1);
        }
      }
    });
  }
});
