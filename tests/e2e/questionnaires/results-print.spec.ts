import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOME_ROUTINES_ANSWERS } from '../../fixtures/questionnaires/home-routines-answers';
import { apiAddress, expect, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, createClient, submitResponse } from './support';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const HOME = 'questionnaires/home-routines';

/** Pages of a PDF as Chromium writes it: one `/Type /Page` object each (its tree is `/Type /Pages`). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;

for (const lang of ['tr', 'en'] as const) {
  test(`results of a typical client in ${lang}: one date per day on the chart, the language named, one printed page naming the client`, async ({
    page,
  }) => {
    const { email } = await signIn(page, lang);
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Elif', 'Şahin');
    // three responses on one day: the chart must not say "26 Kas" three times
    for (const r1 of ['aLittle', 'quiteALot', 'veryMuch']) {
      await submitResponse(page, token, clientId, 'home-routines', { ...HOME_ROUTINES_ANSWERS, r1 });
    }
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/patients/${clientId}/results/home-routines`);
    const sleep = page.locator('[data-scale="sleep"]');
    const chart = sleep.locator('svg[data-score-chart]');
    await expect(chart).toBeVisible({ timeout: 30_000 });
    const day = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
      day: 'numeric',
      month: 'short',
    }).format(new Date());
    await expect(chart.locator('text', { hasText: day })).toHaveCount(1);

    // no band label is drawn over a point
    const crossings = await chart.evaluate((svg) => {
      const boxes = (selector: string) =>
        [...svg.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());
      const hit = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const dots = boxes('circle');
      return boxes('[data-band] text').filter((label) => dots.some((dot) => hit(label, dot))).length;
    });
    expect(crossings).toBe(0);

    // each response says the language it was given in ("Given in English" / "İngilizce dolduruldu")
    const givenIn = (['en', 'tr'] as const).map((l) =>
      text(lang, 'questionnaires', 'results.givenIn', {
        language: text(lang, 'questionnaires', `languages.${l}`),
      }),
    );
    await expect(sleep.locator('[data-given-in]')).toHaveCount(3);
    await expect(sleep.locator('[data-given-in]').first()).toHaveText(new RegExp(`^(${givenIn.join('|')})$`));
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/results-${lang}-375.png`, fullPage: true });

    // on paper: every page's margin names the client, the questionnaire and the date
    await page.emulateMedia({ media: 'print' });
    const running = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule instanceof CSSPageRule)
        .map((rule) => rule.cssText)
        .join('\n'),
    );
    const title = text(lang, HOME, '_form.title');
    expect(running).toContain(`Elif Şahin · ${title}`);
    expect(running).toMatch(/@top-right/);
    expect(running).toMatch(/counter\(pages\)/);
    await page.screenshot({ path: `${SHOTS}/results-print-${lang}-375.png`, fullPage: true });
    const pdf = await page.pdf({ format: 'A4' });
    writeFileSync(`${SHOTS}/results-${lang}.pdf`, pdf);
    expect(pageCount(pdf)).toBe(1);
  });
}

test('a submitted response shows each chosen answer framed and named "Seçildi" (tr, 375 px)', async ({
  page,
}) => {
  const { email } = await signIn(page, 'tr');
  const token = await apiToken(page, email);
  const clientId = await createClient(page, token, 'Elif', 'Şahin');
  const response = await submitResponse(page, token, clientId, 'home-routines', HOME_ROUTINES_ANSWERS, 'tr');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/patients/${clientId}/responses/${response.id}`);
  const chosen = page.locator('label[data-selected]');
  await expect(chosen.first()).toBeVisible({ timeout: 30_000 });
  await expect(chosen.first()).toContainText(text('tr', 'widgets', 'choice.selected'));
  // the chosen answer is dark text on a light frame: 4.5:1 at least
  const [color, background] = await chosen
    .first()
    .evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
  expect(color).not.toBe(background);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/response-tr-375.png`, fullPage: true });
});

test('a client with many flagged responses: the latest listed under the count, every one a button away, no printed page added @mobile', async ({
  page,
}) => {
  const { email } = await signIn(page, 'en');
  const token = await apiToken(page, email);
  const clientId = await createClient(page, token, 'Elif', 'Şahin');
  // "picked on" and "left out" both often: a flagged answer in each of five responses
  const flagged = { f1: 'never', f2: 'sometimes', f3: 'never', f4: 'sometimes', f5: 'never' };
  const along = { g1: 'often', g2: 'sometimes', g3: 'often', g4: 'often', g5: 'often', t1: 'overAYear' };
  const headers = { authorization: `Bearer ${token}`, ...apiAddress() };
  for (let i = 0; i < 5; i++) {
    const given = await page.request.post(`/api/clients/${clientId}/responses`, {
      headers,
      data: { questionnaireId: 'school-day', respondent: 'guardian', language: 'en' },
    });
    expect(given.status(), await given.text()).toBe(201);
    const { id } = await given.json();
    const answers = { ...flagged, ...along };
    const submitted = await page.request.post(`/api/responses/${id}/submit`, { headers, data: { answers } });
    expect(submitted.status(), await submitted.text()).toBe(200);
  }
  await page.goto(`/patients/${clientId}/results/school-day`);
  const q = (key: string, params = {}) => text('en', 'questionnaires', key, params);
  const list = page.locator('[data-flagged] > li');
  await expect(list).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByText(q('results.flagsShownOf', { shown: 3, total: 5 }))).toBeVisible();
  const showAll = page.getByRole('button', { name: q('results.flagsShowAll', { total: 5 }) });

  // on paper: the latest three and the count, not the button
  await page.emulateMedia({ media: 'print' });
  await expect(showAll).toBeHidden();
  await expect(page.getByText(q('results.flagsShownOf', { shown: 3, total: 5 }))).toBeVisible();
  // the three scales of School Day take two pages; the latest flagged responses and their count add none
  const printed = pageCount(await page.pdf({ format: 'A4' }));
  // the whole box (its title, count and list), to compare with the same page without it
  const flags = page.locator('div.border-l-4', { has: page.locator('[data-flagged]') });
  await flags.evaluate((el) => el.setAttribute('hidden', ''));
  expect(printed).toBe(pageCount(await page.pdf({ format: 'A4' })));
  await flags.evaluate((el) => el.removeAttribute('hidden'));
  await page.emulateMedia({ media: 'screen' });

  // by keyboard: the button shows them all and the fourth response takes the focus where the list grew
  await showAll.focus();
  await page.keyboard.press('Enter');
  await expect(list).toHaveCount(5);
  await expect(list.nth(3)).toBeFocused();
  await expect(showAll).toHaveCount(0);
});
