import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
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

    // no band label is drawn over a point: the points are the vertices of the informants' lines (the marks are
    // one path per informant, whose box spans them all), compared in the chart's own units
    const crossings = await chart.evaluate((svg) => {
      const points = [...svg.querySelectorAll('[data-series] polyline')].flatMap((line) =>
        [...(line as SVGPolylineElement).points].map(({ x, y }) => ({ x, y })),
      );
      const labels = [...svg.querySelectorAll('[data-band] text')].map((label) =>
        (label as SVGGraphicsElement).getBBox(),
      );
      const over = labels.filter((box) =>
        points.some(
          (p) => p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height,
        ),
      );
      return { points: points.length, labels: labels.length, over: over.length };
    });
    // both sides present, so the check could fail
    expect(crossings.points).toBeGreaterThan(0);
    expect(crossings.labels).toBeGreaterThan(0);
    expect(crossings.over).toBe(0);

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

/** The x of each point of an informant's line on a chart, from its polyline (one per run of scored points). */
const lineXs = (chart: Locator, informant: string) =>
  chart
    .locator(`[data-series="${informant}"] polyline`)
    .evaluateAll((lines) =>
      lines.flatMap((line) =>
        (line.getAttribute('points') ?? '').split(' ').map((p) => Number(p.split(',')[0])),
      ),
    );

test('two informants over two weeks: the chart places their points at their dates, and on paper the charts are readable and the flags listed once', async ({
  page,
}) => {
  const { email } = await signIn(page, 'en');
  const token = await apiToken(page, email);
  const clientId = await createClient(page, token, 'Elif', 'Şahin');
  const headers = { authorization: `Bearer ${token}`, ...apiAddress() };
  // focus (reliable change 3.5, cut-off 9): the guardian 13, 11, 6; the teacher 9, 10. The guardian's first also
  // says "picked on" and "left out" often: a flagged answer
  const focus = {
    guardian: [
      ['never', 'veryOften', 'never', 'veryOften', 'sometimes'],
      ['never', 'often', 'never', 'often', 'sometimes'],
      ['often', 'sometimes', 'often', 'sometimes', 'often'],
    ],
    teacher: [
      ['sometimes', 'often', 'sometimes', 'often', 'sometimes'],
      ['sometimes', 'often', 'sometimes', 'often', 'often'],
    ],
  };
  const order = ['guardian', 'teacher', 'guardian', 'teacher', 'guardian'] as const;
  const given: string[] = [];
  const seen = { guardian: 0, teacher: 0 };
  for (const respondent of order) {
    const started = await page.request.post(`/api/clients/${clientId}/responses`, {
      headers,
      data: { questionnaireId: 'school-day', respondent, language: 'en' },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { id } = await started.json();
    const picked = given.length === 0 ? 'often' : 'never';
    const answers = {
      ...Object.fromEntries(focus[respondent][seen[respondent]++]!.map((option, i) => [`f${i + 1}`, option])),
      ...{ g1: 'veryOften', g2: 'never', g3: picked, g4: picked, g5: 'veryOften', t1: 'overAYear' },
    };
    const submitted = await page.request.post(`/api/responses/${id}/submit`, { headers, data: { answers } });
    expect(submitted.status(), await submitted.text()).toBe(200);
    given.push(id);
  }
  // the responses as if given two weeks ago, one week ago and today, the guardian and the teacher on the same days
  // (the server stamps a submission with its own clock, so the dates are moved on their way to the page)
  const DAY = 86_400_000;
  const today = new Date();
  today.setHours(12, 0, 0, 0);
  const at = new Map(
    given.map((id, i) => [
      id,
      new Date(today.getTime() - [14, 14, 7, 7, 0][i]! * DAY + i * 60_000).toISOString(),
    ]),
  );
  const moved = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(moved);
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value).map(([key, inner]) => [key, moved(inner)] as const);
    const record = Object.fromEntries(entries) as Record<string, unknown>;
    const ownId = (record.responseId ?? record.id) as string | undefined;
    if (ownId && at.has(ownId) && typeof record.submittedAt === 'string') record.submittedAt = at.get(ownId);
    return record;
  };
  await page.route(`**/api/clients/${clientId}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: moved(await response.json()) });
  });

  await page.goto(`/patients/${clientId}/results/school-day`);
  const scale = page.locator('[data-scale="focus"]');
  const chart = scale.locator('svg[data-score-chart]');
  await expect(chart.locator('[data-series="teacher"] polyline')).toHaveCount(1, { timeout: 30_000 });
  const guardian = await lineXs(chart, 'guardian');
  const teacher = await lineXs(chart, 'teacher');
  expect(guardian).toHaveLength(3);
  expect(teacher).toHaveLength(2);
  // the teacher's point of a day is where the guardian's is, not to its right as if later
  expect(teacher[0]).toBe(guardian[0]);
  expect(teacher[1]).toBe(guardian[1]);
  // a week is as wide as a week
  expect(Math.abs(guardian[1]! - guardian[0]! - (guardian[2]! - guardian[1]!))).toBeLessThan(1);
  // each day named once on the axis
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
  for (const back of [14, 7, 0]) {
    await expect(chart.locator('text', { hasText: day.format(today.getTime() - back * DAY) })).toHaveCount(1);
  }
  // the first score ± the reliable-change threshold, per informant, named in the legend
  await expect(chart.locator('[data-error-band]')).toHaveCount(2);
  const q = (key: string, params = {}) => text('en', 'questionnaires', key, params);
  await expect(scale.locator('[data-legend-error-band]')).toHaveText(
    q('change.shown.errorBand', { threshold: '3.55' }),
  );
  // the reliable change index beside its words: the guardian's 13 -> 6 over 3.55 is 1.96 · -7 / 3.548 = -3.87
  await expect(scale.locator('[data-latest-informant="guardian"] [data-latest-change]')).toContainText(
    q('change.rci', { value: '-3.87' }),
  );

  // on paper, A4 less its margins (182 mm): every chart at least 120 px tall, the cut-off's words above its line,
  // the flagged answers listed once
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 688, height: 1000 });
  const printed = page.locator('svg[data-print-chart]');
  await expect(printed).toHaveCount(3);
  for (const height of await printed.evaluateAll((charts) =>
    charts.map((c) => c.getBoundingClientRect().height),
  ))
    expect(height).toBeGreaterThanOrEqual(120);
  const clear = await printed.evaluateAll((charts) =>
    charts.flatMap((c) => {
      const label = c.querySelector('[data-cutoff-label]')?.getBoundingClientRect();
      const line = c.querySelector('[data-cutoff] line')?.getBoundingClientRect();
      return label && line ? [label.bottom <= line.top || label.top >= line.bottom] : [];
    }),
  );
  expect(clear.length).toBeGreaterThan(0);
  expect(clear.every(Boolean)).toBe(true);
  const flagged = page.locator('[data-flagged]');
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/results-informants-en.pdf`, await page.pdf({ format: 'A4' }));
  await page.screenshot({ path: `${SHOTS}/results-informants-print-en.png`, fullPage: true });
});

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
