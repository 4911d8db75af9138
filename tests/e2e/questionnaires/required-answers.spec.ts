import { apiAddress, expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, birthDateAged, createClient } from './support';

const FEELINGS = 'questionnaires/everyday-feelings';
const HOME = 'questionnaires/home-routines';
const PHONE = { width: 375, height: 740 };
const FEELING_ITEMS = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6'];
const listTitle = (count: number) =>
  text('tr', 'widgets', `questionnaire.checkAnswers.title_${count === 1 ? 'one' : 'other'}`, { count });
const askAnswer = (ns: string, item: string) =>
  text('tr', ns, '_form.errors.required', { label: text('tr', ns, `${item}.label`) });

test.describe('required answers on a phone, in Turkish @phone', () => {
  test.use({ viewport: PHONE });

  test('an empty "Submit and score" and an empty "Send my answers" are refused with the list; answered, both go through', async ({
    page,
    browser,
  }) => {
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Deniz', 'Aksoy', birthDateAged(11));
    const headers = { authorization: `Bearer ${token}`, ...apiAddress() };

    // in session: nothing answered, "Submit and score"
    const given = await page.request.post(`/api/clients/${clientId}/responses`, {
      headers,
      data: { questionnaireId: 'everyday-feelings', language: 'tr' },
    });
    expect(given.status(), await given.text()).toBe(201);
    // a direct visit fetches the engine and the form's files before the page can draw its title
    await page.goto(`/patients/${clientId}/responses/${(await given.json()).id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: text('tr', FEELINGS, '_form.title') }),
    ).toBeVisible({ timeout: 30_000 });
    // every item is required: none is labelled optional, the self-harm item included
    await expect(page.getByText(text('tr', 'widgets', 'field.optional'))).toHaveCount(0);
    await page.getByRole('button', { name: text('tr', 'questionnaires', 'fill.submit') }).click();
    const list = page.getByRole('alert', { name: listTitle(12) });
    await expect(list).toBeFocused();
    await expect(list.getByRole('link')).toHaveCount(12);
    await expectNoAxeViolations(page, 'check-your-answers list in session tr');
    // each link takes focus to its question's first option
    await list.getByRole('link', { name: askAnswer(FEELINGS, 'm6') }).click();
    const m6 = page.getByRole('group', { name: text('tr', FEELINGS, 'm6.label') });
    await expect(m6.getByRole('radio').first()).toBeFocused();

    for (const item of FEELING_ITEMS)
      await page
        .getByRole('group', { name: text('tr', FEELINGS, `${item}.label`) })
        .getByRole('radio', { name: text('tr', FEELINGS, `${item}.options.never`), exact: true })
        .check();
    await page.getByRole('button', { name: text('tr', 'questionnaires', 'fill.submit') }).click();
    await expect(
      page.getByRole('heading', { name: text('tr', 'widgets', 'questionnaire.scores.title') }),
    ).toBeVisible();

    // by link, on the guardian's phone: nothing answered, "Send my answers"
    const made = await page.request.post(`/api/clients/${clientId}/links`, {
      headers,
      data: { questionnaireId: 'home-routines', respondent: 'guardian', language: 'tr' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const phone = await browser.newContext({
      viewport: PHONE,
      locale: 'tr-TR',
      isMobile: true,
      hasTouch: true,
    });
    const guardian = await phone.newPage();
    await guardian.goto(new URL((await made.json()).url).pathname);
    const r = (key: string) => text('tr', 'respond', key);
    await guardian.getByRole('button', { name: r('send') }).click();
    // r4 and r8 are optional, r10 is hidden until r9 is "yes": seven questions to answer
    const refused = guardian.getByRole('alert', { name: listTitle(7) });
    await expect(refused).toBeFocused();
    await expect(refused.getByRole('link')).toHaveCount(7);
    await expect(guardian.getByRole('group', { name: text('tr', HOME, 'r4.label') })).toContainText(
      text('tr', 'widgets', 'field.optional'),
    );
    await expectNoAxeViolations(guardian, 'check-your-answers list on the respondent page tr');

    const answer = (item: string, option: string) =>
      guardian
        .getByRole('group', { name: text('tr', HOME, `${item}.label`) })
        .getByRole('radio', { name: text('tr', HOME, `${item}.options.${option}`), exact: true })
        .check();
    for (const item of ['r1', 'r2', 'r3', 'r5', 'r6', 'r7']) await answer(item, 'aLittle');
    // a change at home shows the follow-up, which is then required too
    await answer('r9', 'yes');
    await guardian.getByRole('button', { name: r('send') }).click();
    const followUp = guardian.getByRole('alert', { name: listTitle(1) });
    await expect(followUp.getByRole('link', { name: askAnswer(HOME, 'r10') })).toBeVisible();
    await answer('r10', 'aLittle');
    // sent once its last answer is saved: a save still on its way after the submit would find the link used
    await expect(guardian.getByText(r('status.saved'))).toBeVisible();
    await guardian.getByRole('button', { name: r('send') }).click();
    await expect(guardian.getByRole('heading', { level: 1, name: r('thanks.title') })).toBeVisible();
    await phone.close();
  });
});
