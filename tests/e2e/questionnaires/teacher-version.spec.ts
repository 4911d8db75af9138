import path from 'node:path';
import { apiAddress, expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, birthDateAged, issueTurkishLink } from './support';

const SCHOOL = 'questionnaires/school-day';
const PHONE = { width: 375, height: 740 };
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');

test.describe('an informant version by link @phone', () => {
  test.use({ viewport: PHONE });

  test('a teacher fills the teacher version of School Day on a phone, and the practitioner reads its normed result', async ({
    page,
    browser,
  }) => {
    // two browsers and an accessibility scan on a shared machine
    test.slow();
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    // a girl of 7: the teacher's norms for girls of 6 to 8 apply
    const made = await page.request.post('/api/client-intake', {
      headers: { authorization: `Bearer ${token}`, ...apiAddress() },
      data: {
        status: 'draft',
        demographics: {
          clientFirstName: 'Elif',
          clientLastName: 'Kaya',
          birthDate: birthDateAged(7),
          gender: 'female',
        },
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const clientId = (await made.json()).id as string;

    // the practitioner makes a Turkish link of School Day for the child's teacher
    await page.goto(`/patients/${clientId}`);
    const q = (key: string) => text('tr', 'questionnaires', key);
    const url = await issueTurkishLink(page, SCHOOL, 'teacher', 'Elif');

    // the teacher: another browser, no account; the items are worded for a teacher, and the teacher's own item shows
    const phone = await browser.newContext({ viewport: PHONE, locale: 'tr-TR' });
    const teacher = await phone.newPage();
    await teacher.goto(new URL(url).pathname);
    await expect(
      teacher.getByRole('heading', { level: 1, name: text('tr', SCHOOL, '_form.title') }),
    ).toBeVisible();
    const worded = (item: string) => text('tr', SCHOOL, `_respondents.teacher.${item}.label`);
    await expect(teacher.getByRole('group', { name: worded('f1') })).toBeVisible();
    await expect(teacher.getByRole('group', { name: text('tr', SCHOOL, 'f1.label') })).toHaveCount(0);
    await expect(
      teacher.getByText(text('tr', SCHOOL, '_respondents.teacher._form.instructions')),
    ).toBeVisible();
    const answer = async (label: string, item: string, option: string) =>
      teacher
        .getByRole('group', { name: label })
        .getByRole('radio', { name: text('tr', SCHOOL, `${item}.options.${option}`), exact: true })
        .check();
    await answer(text('tr', SCHOOL, 't1.label'), 't1', 'overAYear');
    // focus: f1 and f3 are reversed: 2 + 2 + 2 + 2 + 1 = 9
    const focus = { f1: 'sometimes', f2: 'often', f3: 'sometimes', f4: 'often', f5: 'sometimes' };
    for (const [item, option] of Object.entries(focus)) await answer(worded(item), item, option);
    const along = { g1: 'veryOften', g2: 'never', g3: 'never', g4: 'never', g5: 'veryOften' };
    for (const [item, option] of Object.entries(along)) await answer(worded(item), item, option);
    await expect(teacher.getByText(text('tr', 'respond', 'status.saved'))).toBeVisible();
    await expectNoAxeViolations(teacher, 'teacher version tr');
    await teacher.screenshot({ path: `${SHOTS}/teacher-version-tr-375.png`, fullPage: true });
    await teacher.getByRole('button', { name: text('tr', 'respond', 'send') }).click();
    await expect(
      teacher.getByRole('heading', { level: 1, name: text('tr', 'respond', 'thanks.title') }),
    ).toBeVisible();
    await phone.close();

    // the practitioner reads the result: who answered, the raw score 9 read on the teacher's norms for girls of
    // 6 to 8 as T 67 and the 95th percentile, and the teacher's band on the percentile: borderline
    await page.goto(`/patients/${clientId}/results/school-day`);
    const scale = page.locator('[data-scale="focus"]');
    await expect(scale.locator('[data-latest-score]')).toHaveText('9');
    await expect(scale.locator('[data-latest-normed]')).toContainText('T 67');
    await expect(scale.locator('[data-latest-normed]')).toContainText('95');
    await expect(scale.locator('[data-latest-band="moderate"]')).toHaveText(
      text('tr', SCHOOL, '_scales.focus.bands.borderline'),
    );
    // one informant throughout: named once, above the scales
    await expect(page.locator('[data-answered-by]').first()).toContainText(q('respondents.teacher'));
    await expectNoAxeViolations(page, 'normed teacher result tr');
    await page.screenshot({ path: `${SHOTS}/normed-result-tr-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(scale.locator('[data-latest-normed]')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/normed-result-tr-1280.png`, fullPage: true });
  });
});
