import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiAddress, expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, createClient } from './support';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const Q = 'worries-and-mood';
const tr = (key: string, params?: Record<string, string | number>) =>
  text('tr', 'questionnaires', key, params);

/** worry = w1..w6 with w5 reversed: 18 at its worst (clinical, cut-off 11), 0 at its best. */
const worry = (worst: boolean) => {
  const [high, low] = worst ? ['always', 'never'] : ['never', 'always'];
  return {
    w1: high,
    w2: high,
    w3: high,
    w4: high,
    w5: low,
    w6: high,
    m1: 'never',
    m2: 'never',
    m3: 'never',
    m4: 'always',
    m5: 'never',
    m6: 'never',
  };
};

/** A response by the young person themselves, submitted through the API. */
async function answered(page: Page, token: string, clientId: string, worst: boolean) {
  const headers = { authorization: `Bearer ${token}`, ...apiAddress() };
  const given = await page.request.post(`/api/clients/${clientId}/responses`, {
    headers,
    data: { questionnaireId: Q, respondent: 'self', language: 'tr' },
  });
  expect(given.status(), await given.text()).toBe(201);
  const { id } = await given.json();
  const done = await page.request.post(`/api/responses/${id}/submit`, {
    headers,
    data: { answers: worry(worst) },
  });
  expect(done.status(), await done.text()).toBe(200);
}

test('the change report in Turkish: counts, the clients behind them, print and CSV (375 px and desktop)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { email } = await signIn(page, 'tr');
  const token = await apiToken(page, email);
  const better = await createClient(page, token, 'Elif', 'Şahin', '2013-05-01');
  await answered(page, token, better, true);
  await answered(page, token, better, false);
  const worse = await createClient(page, token, 'Ömer', 'Çelik', '2013-05-01');
  await answered(page, token, worse, false);
  await answered(page, token, worse, true);
  const once = await createClient(page, token, 'İpek', 'Yıldız', '2013-05-01');
  await answered(page, token, once, false);

  await page.setViewportSize({ width: 375, height: 800 });
  // the dashboard greets a new account with a dialog; the menu is the same on every page
  await page.goto('/patients');
  await page.getByRole('button', { name: 'Menüyü aç' }).click();
  await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Raporlar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: tr('changeReport.title') })).toBeVisible();
  await expect(page.getByText('Yakında')).toHaveCount(0);

  // it opens on the questionnaire last answered, not on the library's first (which has no data)
  await expect(page.getByLabel(tr('changeReport.questionnaire'), { exact: true })).toHaveValue(Q);
  await expect(page.getByLabel(tr('changeReport.respondent'), { exact: true })).toHaveValue('self');
  const summary = page.locator('section[aria-labelledby="report-summary"]');
  const count = (key: string) =>
    summary.getByRole('link', { name: new RegExp(tr(key).replace(/[()]/g, '.')) });
  await expect(count('change.improved')).toContainText('1');
  await expect(count('change.deteriorated')).toContainText('1');
  await expect(count('changeReport.singleScore')).toContainText('1');
  await expect(count('change.noChange')).toContainText('0');
  // each client counted once: four tiles adding up to the three clients, the recovered said within the improved
  await expect(summary.getByRole('link')).toHaveCount(4);
  const counted = await summary.locator('[data-tile-count]').allTextContents();
  expect(counted.reduce((sum, n) => sum + Number(n), 0)).toBe(3);
  await expect(count('change.improved')).toContainText(tr('changeReport.recoveredWithin', { value: 1 }));

  // behind a number, its clients; a name opens the client's results
  await count('change.deteriorated').click();
  await expect(page).toHaveURL(/#outcome-deteriorated$/);
  const deteriorated = page.locator('#outcome-deteriorated');
  await expect(deteriorated.getByRole('link', { name: 'Ömer Çelik' })).toBeVisible();
  await expect(deteriorated).toContainText(`${tr('changeReport.first')}0 (`);
  await expect(page.locator('#outcome-improved')).toContainText(tr('change.recovered'));
  await expect(page.locator('#outcome-singleScore').getByRole('link', { name: 'İpek Yıldız' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'change report 375');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/reports-tr-375.png`, fullPage: true });

  // a period that ends before it starts is refused with the fields named
  await page.getByLabel(tr('changeReport.from'), { exact: true }).fill('2099-01-01');
  await expect(page.getByText(text('tr', 'errors', 'reports.periodOrder')).first()).toBeVisible();
  await page.goBack();
  await expect(count('change.improved')).toContainText('1');

  // on paper the controls go and the margin names the report
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: tr('changeReport.print') })).toBeHidden();
  const running = await page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule) => rule instanceof CSSPageRule)
      .map((rule) => rule.cssText)
      .join('\n'),
  );
  expect(running).toContain(tr('changeReport.title'));
  await page.emulateMedia({ media: 'screen' });
  await expectNoAxeViolations(page, 'change report 1280');
  await page.screenshot({ path: `${SHOTS}/reports-tr-1280.png`, fullPage: true });

  // the CSV: Turkish Excel's dialect, one row per client
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: tr('changeReport.downloadCsv') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^degisim-raporu-worries-and-mood-worry-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines[0]).toContain('"Danışan";"Ölçek";"Alt ölçek"');
  expect(lines.find((line) => line.startsWith('"Elif Şahin"'))).toContain(
    `"${tr('change.improved')}";"Evet"`,
  );

  await page.locator('#outcome-improved').getByRole('link', { name: 'Elif Şahin' }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${better}/results/${Q}$`));
});
