import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { apiAddress, expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, birthDateAged, createClient } from './support';

const HOME = 'questionnaires/home-routines';
const PHONE = { width: 375, height: 740 };
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const q = (key: string, params?: Record<string, string | number>) =>
  text('tr', 'questionnaires', key, params);
const ANSWERS: Record<string, string> = {
  r1: 'aLittle',
  r2: 'notAtAll',
  r3: 'quiteALot',
  r4: 'aLittle',
  r5: 'veryMuch',
  r6: 'aLittle',
  r7: 'notAtAll',
  r8: 'aLittle',
  r9: 'no',
};

test.describe('the language a questionnaire is filled in, on a phone, under a Turkish interface @phone', () => {
  test.use({ viewport: PHONE });
  // a whole questionnaire filled, submitted and read twice, with full-page screenshots: longer than the default
  test.setTimeout(240_000);

  test('given in English: items in English, buttons in Turkish; the fill language switches the items only; the submitted response reads in both', async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Ece', 'Yıldız', birthDateAged(9));

    await page.goto(`/patients/${clientId}`);
    const give = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: q('client.give') }) });
    await give
      .getByLabel(q('give.questionnaire'), { exact: true })
      .selectOption({ label: text('tr', HOME, '_form.title') });
    await give.getByRole('radio', { name: q('languages.en') }).check();
    await give.getByRole('button', { name: q('give.start') }).click();

    // the items in English, the app around them in Turkish
    const item = (lang: 'en' | 'tr', id: string) =>
      page.getByRole('group', { name: text(lang, HOME, `${id}.label`) });
    await expect(item('en', 'r1')).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByRole('heading', { name: text('en', 'widgets', 'questionnaire.instructions') }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: q('fill.submit') })).toBeVisible();
    await expect(page.getByRole('button', { name: q('fill.saveDraft') })).toBeVisible();
    const appLanguage = page.getByRole('banner').getByRole('button', { name: 'TR Türkçe' });
    await expect(appLanguage).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expectNoAxeViolations(page, 'fill in English under Turkish');
    await page.screenshot({ path: `${SHOTS}/fill-language-en-under-tr-375.png`, fullPage: true });

    // the fill language switches the items, not the interface, and is kept on the draft
    const fillLanguage = page.getByRole('group', { name: q('fill.formLanguage') });
    await fillLanguage.getByRole('button', { name: q('languages.tr') }).click();
    await expect(item('tr', 'r1')).toBeVisible();
    await expect(item('en', 'r1')).toHaveCount(0);
    await expect(page.getByRole('button', { name: q('fill.submit') })).toBeVisible();
    await expect(appLanguage).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await fillLanguage.getByRole('button', { name: q('languages.en') }).click();
    await expect(item('en', 'r1')).toBeVisible();
    await expect(fillLanguage.getByRole('button', { name: q('languages.en') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.reload();
    await expect(item('en', 'r1')).toBeVisible({ timeout: 30_000 });

    for (const [id, option] of Object.entries(ANSWERS))
      await item('en', id)
        .getByRole('radio', { name: text('en', HOME, `${id}.options.${option}`), exact: true })
        .check();
    await page.getByRole('button', { name: q('fill.submit') }).click();
    await expect(
      page.getByRole('heading', { name: text('tr', 'widgets', 'questionnaire.scores.title') }),
    ).toBeVisible();

    // shown as it was given, with the other language a tap away
    await expect(page.getByText(q('fill.givenIn', { language: q('languages.en') }))).toBeVisible();
    await expect(
      // a submitted answer's name goes on with the word Selected
      item('en', 'r1').getByRole('radio', {
        name: new RegExp(`^${text('en', HOME, 'r1.options.aLittle')}\\b`),
      }),
    ).toBeChecked();
    const readIn = page.getByRole('group', { name: q('fill.readIn') });
    await readIn.getByRole('button', { name: q('languages.tr') }).click();
    await expect(
      // a submitted answer's name goes on with the word Selected
      item('tr', 'r1').getByRole('radio', {
        name: new RegExp(`^${text('tr', HOME, 'r1.options.aLittle')}\\b`),
      }),
    ).toBeChecked();
    await expect(page.getByRole('heading', { name: q('fill.answers') })).toBeVisible();
    await expectNoAxeViolations(page, 'submitted response read in Turkish');
    await page.screenshot({ path: `${SHOTS}/response-read-in-tr-375.png`, fullPage: true });
    const stored = await page.request.get(`/api/clients/${clientId}`, {
      headers: { authorization: `Bearer ${token}`, ...apiAddress() },
    });
    expect((await stored.json()).responses[0].language).toBe('en');
  });

  test("the respondent's switch changes the page and the questionnaire together, and is kept", async ({
    page,
    browser,
  }) => {
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Mert', 'Demir', birthDateAged(9));
    const made = await page.request.post(`/api/clients/${clientId}/links`, {
      headers: { authorization: `Bearer ${token}`, ...apiAddress() },
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
    const item = (lang: 'en' | 'tr') => guardian.getByRole('group', { name: text(lang, HOME, 'r1.label') });
    await expect(item('tr')).toBeVisible();
    await expect(guardian.getByRole('button', { name: text('tr', 'respond', 'send') })).toBeVisible();
    // the switch works once the drawn page is the app's (only a send is held before, ADR 148)
    await expect
      .poll(() =>
        guardian.evaluate(() => (window as Window & { respondLive?: boolean }).respondLive === true),
      )
      .toBe(true);

    await guardian.getByRole('button', { name: 'EN English' }).click();
    await expect(item('en')).toBeVisible();
    await expect(guardian.getByRole('button', { name: text('en', 'respond', 'send') })).toBeVisible();
    await expect(guardian.locator('html')).toHaveAttribute('lang', 'en');
    await guardian.screenshot({ path: `${SHOTS}/respondent-switched-en-375.png`, fullPage: true });
    // kept on the response: the page opens in English again, and the practitioner sees it
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/responses/${(await made.json()).link.responseId}`, {
          headers: { authorization: `Bearer ${token}`, ...apiAddress() },
        });
        return (await res.json()).language;
      })
      .toBe('en');
    await guardian.reload();
    await expect(item('en')).toBeVisible();
    await phone.close();
  });

  test('making a link outside the age range asks for confirmation, as giving in session does', async ({
    page,
  }) => {
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Kaan', 'Uçar', birthDateAged(15));
    await page.goto(`/patients/${clientId}`);
    const links = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: q('links.title') }) });
    await links
      .getByLabel(q('give.questionnaire'), { exact: true })
      .selectOption({ label: text('tr', HOME, '_form.title') });
    await links.getByRole('button', { name: q('links.create') }).click();
    const warning = links.getByRole('alert');
    await expect(warning).toContainText(q('give.ageWarningTitle'));
    await expect(warning).toContainText('6-12 yaş içindir; bu danışan 15 yaşında');
    await page.screenshot({ path: `${SHOTS}/link-age-warning-tr-375.png`, fullPage: true });
    await warning.getByRole('button', { name: q('links.ageConfirm') }).click();
    await expect(links.getByText(q('links.issuedTitle'))).toBeVisible();
  });
});
