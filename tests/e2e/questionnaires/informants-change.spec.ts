import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiAddress, expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, createClient } from './support';

const SCHOOL = 'questionnaires/school-day';
const PHONE = { width: 375, height: 740 };
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

type Option = 'never' | 'sometimes' | 'often' | 'veryOften';
/** Getting along is the same in every response; only focus changes (f1 and f3 are reversed). */
const ALONG = { g1: 'veryOften', g2: 'never', g3: 'never', g4: 'never', g5: 'veryOften' };

/** Gives School Day to this informant in Turkish and submits these focus answers through the API. */
async function answered(
  page: Page,
  token: string,
  clientId: string,
  respondent: 'guardian' | 'teacher',
  focus: [Option, Option, Option, Option, Option],
) {
  const headers = { authorization: `Bearer ${token}`, ...apiAddress() };
  const given = await page.request.post(`/api/clients/${clientId}/responses`, {
    headers,
    data: { questionnaireId: 'school-day', respondent, language: 'tr' },
  });
  expect(given.status(), await given.text()).toBe(201);
  const { id } = await given.json();
  const answers = {
    ...Object.fromEntries(focus.map((option, i) => [`f${i + 1}`, option])),
    ...ALONG,
    t1: 'overAYear',
  };
  const submitted = await page.request.post(`/api/responses/${id}/submit`, { headers, data: { answers } });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

test.describe('informants side by side with change marks', () => {
  test.use({ viewport: PHONE });

  test('the practitioner reads a guardian and a teacher over time in Turkish, and the guardian’s reliable recovery', async ({
    page,
  }) => {
    // an accessibility scan at two widths on a shared machine
    test.slow();
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Ada', 'Yıldız');
    // focus (reliable change 3.5, cut-off 9, higher is worse): the guardian 13, 11 (no reliable change), then 6
    // (reliably improved and below the cut-off: recovered); the teacher 9, then 10 (no reliable change)
    await answered(page, token, clientId, 'guardian', [
      'never',
      'veryOften',
      'never',
      'veryOften',
      'sometimes',
    ]);
    await answered(page, token, clientId, 'teacher', [
      'sometimes',
      'often',
      'sometimes',
      'often',
      'sometimes',
    ]);
    await answered(page, token, clientId, 'guardian', ['never', 'often', 'never', 'often', 'sometimes']);
    await answered(page, token, clientId, 'teacher', ['sometimes', 'often', 'sometimes', 'often', 'often']);
    await answered(page, token, clientId, 'guardian', ['often', 'sometimes', 'often', 'sometimes', 'often']);

    const q = (key: string) => text('tr', 'questionnaires', key);
    await page.goto(`/patients/${clientId}/results/school-day`);
    const scale = page.locator('[data-scale="focus"]');
    // the first look waits longer: the app's chunks load on a machine shared with other runs
    await expect(scale.locator('h3')).toHaveText(text('tr', SCHOOL, '_scales.focus.label'), {
      timeout: 30_000,
    });

    // one chart, one line per informant, each named in the legend; the marks and the cut-off explained
    const chart = scale.locator('[data-score-chart]');
    await expect(chart.locator('[data-series="guardian"] polyline')).toHaveCount(1);
    await expect(chart.locator('[data-series="teacher"] polyline')).toHaveCount(1);
    await expect(chart.locator('[data-mark="improved"]')).toHaveCount(1);
    await expect(chart.locator('[data-cutoff]')).toContainText(q('change.cutoff'));
    const legend = scale.locator('[data-chart-legend]');
    await expect(legend.locator('[data-legend-informant="guardian"]')).toHaveText(q('respondents.guardian'));
    await expect(legend.locator('[data-legend-informant="teacher"]')).toHaveText(q('respondents.teacher'));
    await expect(legend).toContainText(q('change.improved'));

    // the latest of each side by side: the guardian's 6, recovered; the teacher's 10, no reliable change
    const guardianNow = scale.locator('[data-latest-informant="guardian"]');
    await expect(guardianNow.locator('[data-latest-score]')).toHaveText('6');
    // with the reliable change index beside it: 1.96 · (6 − 13) / 3.55 = −3.87
    await expect(guardianNow.locator('[data-latest-change]')).toHaveText(
      `${q('change.recovered')} (${text('tr', 'questionnaires', 'change.rci', { value: '-3,87' })})`,
    );
    const teacherNow = scale.locator('[data-latest-informant="teacher"]');
    await expect(teacherNow.locator('[data-latest-score]')).toHaveText('10');
    await expect(teacherNow.locator('[data-latest-change]')).toContainText(q('change.noChange'));

    // one table, the informants in columns, the labels in words
    const table = scale.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      q('results.date'),
      q('respondents.guardian'),
      q('respondents.teacher'),
    ]);
    const guardianCells = table.locator('td[data-informant="guardian"]');
    await expect(
      guardianCells.filter({ hasText: `${q('change.sinceFirst')}: ${q('change.improved')}` }),
    ).toHaveCount(1);
    await expect(guardianCells.filter({ hasText: q('change.recovered') })).toHaveCount(1);
    await expect(
      table
        .locator('td[data-informant="teacher"]')
        .filter({ hasText: `${q('change.sinceFirst')}: ${q('change.noChange')}` }),
    ).toHaveCount(1);

    // at 375 px the page itself never scrolls sideways; the table scrolls in its own box, the dates held
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, 'informants and change tr 375');
    await page.screenshot({ path: `${SHOTS}/informants-change-tr-375.png`, fullPage: true });

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(scale.locator('[data-latest-each]')).toBeVisible();
    await expectNoAxeViolations(page, 'informants and change tr 1280');
    await page.screenshot({ path: `${SHOTS}/informants-change-tr-1280.png`, fullPage: true });
  });
});
