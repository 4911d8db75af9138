import { expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, createClient, issueTurkishLink } from './support';

const HOME = 'questionnaires/home-routines';
const PHONE = { width: 375, height: 740 };
const r = (key: string, params: Record<string, string | number> = {}) => text('tr', 'respond', key, params);

test.describe('respondent links on a phone @phone', () => {
  test.use({ viewport: PHONE });

  test('a practitioner makes a link, a guardian fills it on a phone through a reload and a dropped connection, and the result arrives scored', async ({
    page,
    browser,
  }) => {
    // two browsers, a dropped connection and accessibility scans on a shared machine
    test.slow();
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Ada', 'Yıldırım');

    // the practitioner makes a Turkish link for the guardian, labelled with the child's first name
    await page.goto(`/patients/${clientId}`);
    const q = (key: string) => text('tr', 'questionnaires', key);
    const url = await issueTurkishLink(page, HOME, 'guardian', 'Ada');
    await page.getByRole('button', { name: q('links.showQr') }).click();
    await expect(page.getByTestId('link-qr-code')).toBeVisible();
    await expect(page.getByTestId('link-state').first()).toHaveText(q('links.states.created'));

    // the guardian: another browser, no account
    const phone = await browser.newContext({ viewport: PHONE, locale: 'tr-TR' });
    const guardian = await phone.newPage();
    await guardian.goto(new URL(url).pathname);
    await expect(
      guardian.getByRole('heading', { level: 1, name: text('tr', HOME, '_form.title') }),
    ).toBeVisible();
    await expect(guardian.getByText(r('about', { label: 'Ada' }))).toBeVisible();
    await expect(guardian.getByText('Yıldırım')).toHaveCount(0);
    // the licence notice, its holder too, in the link's language
    const licence = guardian.getByRole('complementary', {
      name: text('tr', 'widgets', 'questionnaire.licence.title'),
    });
    await expect(licence).toContainText(text('tr', HOME, '_licence.notice'));
    await expect(licence).toContainText(text('tr', HOME, '_licence.holder'));
    const answer = async (item: string, option: string) =>
      guardian
        .getByRole('group', { name: text('tr', HOME, `${item}.label`) })
        .getByRole('radio', { name: text('tr', HOME, `${item}.options.${option}`), exact: true })
        .check();
    // nothing answered, nothing saved: the page does not say "saved" yet
    await expect(guardian.getByText(r('status.unsaved'))).toBeVisible();
    await expect(guardian.getByText(r('status.saved'))).toHaveCount(0);
    for (const item of ['r1', 'r2', 'r3', 'r4']) await answer(item, 'aLittle');
    await expect(guardian.getByText(r('progress', { answered: 4, total: 9 }))).toBeVisible();
    await expect(guardian.getByText(r('status.saved'))).toBeVisible();
    await expectNoAxeViolations(guardian, 'respondent page tr');

    // a reload midway keeps the answers
    await guardian.reload();
    await expect(
      guardian
        .getByRole('group', { name: text('tr', HOME, 'r4.label') })
        .getByRole('radio', { name: text('tr', HOME, 'r4.options.aLittle'), exact: true }),
    ).toBeChecked();

    // the connection drops: answers wait on the phone, and go when it is back
    await phone.setOffline(true);
    for (const item of ['r5', 'r6', 'r7', 'r8']) await answer(item, 'aLittle');
    await answer('r9', 'no');
    await expect(guardian.getByText(r('status.offline'))).toBeVisible();
    await phone.setOffline(false);
    await expect(guardian.getByText(r('status.saved'))).toBeVisible();

    await guardian.getByRole('button', { name: r('send') }).click();
    await expect(guardian.getByRole('heading', { level: 1, name: r('thanks.title') })).toBeVisible();
    // the link is used: opening it again says so in Turkish
    await guardian.reload();
    await expect(guardian.getByRole('heading', { level: 1, name: r('closed.used.title') })).toBeVisible();
    await phone.close();

    // the practitioner: the Patients list marks the client with the new result, in words, on a phone and wide
    await page.goto('/patients');
    const marked = page.getByRole('link', { name: 'Ada Yıldırım' });
    await expect(marked).toHaveAccessibleDescription(q('patients.newResults_one'));
    await expect(page.getByTestId('new-results-marker')).toHaveText(q('patients.newResults_one'));
    await expectNoAxeViolations(page, 'patients list with a new result tr');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('new-results-marker')).toBeVisible();
    await page.setViewportSize(PHONE);

    // the dashboard asks once per session to finish the registration; 'Later' when it is in the way
    const completion = page.getByRole('dialog', { name: text('tr', 'account', 'dashboard.modalTitle') });
    await page.addLocatorHandler(completion, async () => {
      await completion.getByRole('button', { name: text('tr', 'account', 'dashboard.modalLater') }).click();
    });
    // the dashboard's notice leads straight to the one client with new results; opening it clears them
    await page.goto('/dashboard');
    await expect(page.getByText(text('tr', 'account', 'dashboard.newResults'))).toBeVisible();
    const seen = page.waitForResponse((res) => res.url().endsWith(`/clients/${clientId}/links/seen`));
    await page.getByRole('link', { name: text('tr', 'account', 'dashboard.newResultsOpenClient') }).click();
    await expect(page).toHaveURL(new RegExp(`/patients/${clientId}$`));
    expect((await seen).status()).toBe(204);
    await expect(page.getByTestId('link-state').first()).toHaveText(q('links.states.submitted'));
    await expect(
      page.getByText(q('links.answeredBy').replace('{{who}}', q('respondents.guardian'))),
    ).toBeVisible();
    await page.goto(`/patients/${clientId}/results/home-routines`);
    // sleep: r1..r4 "a little", r2 reversed -> (1 + 2 + 1 + 1) / 4 = 1.25, band "some strain"
    const sleepBand = text('tr', HOME, '_scales.sleep.bands.someStrain');
    const sleep = page.locator('[data-scale="sleep"]');
    await expect(sleep.locator('[data-latest-band="mild"]')).toHaveText(sleepBand);
    await expect(sleep.getByText(/1[.,]25/).first()).toBeVisible();

    // looked at: the marker is gone from the Patients list, like the badge
    await page.goto('/patients');
    await expect(page.getByRole('link', { name: 'Ada Yıldırım' })).toBeVisible();
    await expect(page.getByTestId('new-results-marker')).toHaveCount(0);
    await expect(page.getByTestId('nav-badge-patients')).toHaveCount(0);
  });
});
