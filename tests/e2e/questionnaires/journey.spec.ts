import { expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, birthDateAged, createClient, submitResponse } from './support';

const HOME = 'questionnaires/home-routines';

test.describe('questionnaires in session', () => {
  test('give a questionnaire to a client, fill it in Turkish, see the score, the band, the chart and the print view', async ({
    page,
  }) => {
    const { email } = await signIn(page, 'en');
    const token = await apiToken(page, email);
    await createClient(page, token, 'Elif', 'Şahin');

    // Patients (the sidebar's entry) lists the client; the client page gives the questionnaire
    await page.goto('/patients');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Patients' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await page.getByRole('link', { name: 'Elif Şahin' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Elif Şahin' })).toBeVisible();
    // the panel that gives it now (the respondent-link panel below has its own questionnaire and language)
    const give = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Give a questionnaire' }) });
    await give.getByLabel('Questionnaire', { exact: true }).selectOption({ label: 'Home Routines' });
    // Home Routines is answered by the parent only: who answers is chosen already (ADR 125)
    await expect(
      give.getByRole('group', { name: 'Who answers?' }).getByRole('radio', { name: 'Parent or guardian' }),
    ).toBeChecked();
    await give.getByRole('radio', { name: 'Turkish' }).check();
    await give.getByRole('button', { name: 'Fill in now' }).click();

    // the items come in the language it was given in, under the English interface (ADR 111); the practitioner
    // then switches the interface too, with the app's own switch
    await expect(page.getByRole('group', { name: text('tr', HOME, 'r1.label') })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit and score' })).toBeVisible();
    await page.getByRole('button', { name: 'TR Türkçe' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: text('tr', HOME, '_form.title') }),
    ).toBeVisible();
    const answer = async (item: string, option: string) =>
      page
        .getByRole('group', { name: text('tr', HOME, `${item}.label`) })
        .getByRole('radio', { name: text('tr', HOME, `${item}.options.${option}`), exact: true })
        .check();
    for (const item of ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8']) await answer(item, 'aLittle');
    // the follow-up shows only after a change at home
    const followUp = page.getByRole('group', { name: text('tr', HOME, 'r10.label') });
    await answer('r9', 'yes');
    await expect(followUp).toBeVisible();
    await answer('r9', 'no');
    await expect(followUp).toBeHidden();

    // a draft comes back as it was
    await page.getByRole('button', { name: text('tr', 'questionnaires', 'fill.saveDraft') }).click();
    await expect(page.locator('#fill-save-status')).toHaveAttribute('data-state', 'saved');
    await page.reload();
    await expect(
      page
        .getByRole('group', { name: text('tr', HOME, 'r1.label') })
        .getByRole('radio', { name: text('tr', HOME, 'r1.options.aLittle'), exact: true }),
    ).toBeChecked();

    await page.getByRole('button', { name: text('tr', 'questionnaires', 'fill.submit') }).click();
    await expect(
      page.getByRole('heading', { name: text('tr', 'widgets', 'questionnaire.scores.title') }),
    ).toBeVisible();
    // sleep: r1..r4 "a little", r2 reversed -> (1 + 2 + 1 + 1) / 4 = 1.25, band "some strain"
    const sleepBand = text('tr', HOME, '_scales.sleep.bands.someStrain');
    await expect(page.getByText(sleepBand).first()).toBeVisible();
    await expect(page.getByText(/1[.,]25/).first()).toBeVisible();

    await page.getByRole('link', { name: text('tr', 'questionnaires', 'fill.seeResults') }).click();
    await expect(page.locator('svg[data-score-chart]')).toHaveCount(3);
    const sleep = page.locator('[data-scale="sleep"]');
    await expect(sleep.locator('[data-latest-band="mild"]')).toHaveText(sleepBand);
    await expect(
      sleep.getByRole('img', { name: new RegExp(text('tr', HOME, '_scales.sleep.label')) }),
    ).toBeVisible();
    await expect(sleep.getByRole('table').getByRole('cell', { name: sleepBand })).toBeVisible();
    await expectNoAxeViolations(page, 'results tr');

    // the print view: no app frame or buttons; who, for whom and when; the licence notice
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Ana menü' })).toBeHidden();
    await expect(
      page.getByRole('button', { name: text('tr', 'questionnaires', 'results.print') }),
    ).toBeHidden();
    await expect(page.locator('[data-print-heading]')).toContainText('Elif Şahin');
    await expect(page.locator('[data-print-heading]')).toContainText('Deniz Kaya');
    await expect(page.getByText(text('tr', HOME, '_licence.notice'))).toBeVisible();
    // on paper, the flatter chart drawn for print (ADR 114)
    await expect(page.locator('svg[data-print-chart]').first()).toBeVisible();
    await expect(page.locator('svg[data-score-chart]').first()).toBeHidden();
  });

  test('outside its ages a questionnaire is given only once the practitioner confirms', async ({ page }) => {
    const { email } = await signIn(page, 'en');
    const token = await apiToken(page, email);

    // Home Routines is for ages 6 to 12: a 16-year-old needs the practitioner's confirmation
    const olderId = await createClient(page, token, 'Kerem', 'Aydın', birthDateAged(16));
    await page.goto(`/patients/${olderId}`);
    const give = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Give a questionnaire' }) });
    await give.getByLabel('Questionnaire', { exact: true }).selectOption({ label: 'Home Routines' });
    await expect(give.getByText('For ages 6 to 12.')).toBeVisible();
    await give.getByRole('button', { name: 'Fill in now' }).click();
    await expect(give.getByRole('alert')).toContainText(
      'Home Routines is meant for ages 6 to 12; this client is 16.',
    );
    await expectNoAxeViolations(page, 'age warning');
    await give.getByRole('button', { name: 'Give it anyway' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: text('en', HOME, '_form.title') }),
    ).toBeVisible();
  });

  test('a correction starts from the original answers; each score names its scoring version', async ({
    page,
  }) => {
    const { email } = await signIn(page, 'en');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Ada', 'Yılmaz');
    const answers = Object.fromEntries(
      ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9'].map((r) => [r, r === 'r9' ? 'no' : 'quiteALot']),
    );
    const original = await submitResponse(page, token, clientId, 'home-routines', answers);
    await page.goto(`/patients/${clientId}/responses/${original.id}`);
    await expect(page.getByText('Scored with version 1, scoring 2')).toBeVisible();
    await page.getByRole('button', { name: 'Correct this response' }).click();
    await expect(page).not.toHaveURL(new RegExp(original.id));
    for (const item of ['r1', 'r5', 'r8'])
      await expect(
        page
          .getByRole('group', { name: text('en', HOME, `${item}.label`) })
          .getByRole('radio', { name: text('en', HOME, `${item}.options.quiteALot`), exact: true }),
      ).toBeChecked();

    await page.goto(`/patients/${clientId}/results/home-routines`);
    await expect(
      page
        .locator('[data-scale="sleep"]')
        .getByRole('table')
        .getByRole('cell', { name: 'Version 1, scoring 2' }),
    ).toBeVisible();
  });

  test('the library shows each questionnaire with who answers it, its length and a read-only preview', async ({
    page,
  }) => {
    await signIn(page, 'en');
    await page.goto('/questionnaires');
    await expect(page.getByRole('heading', { level: 1, name: 'Questionnaires' })).toBeVisible();
    const card = page.getByRole('article', { name: text('en', HOME, '_form.title') });
    await expect(card).toContainText('Parent or guardian');
    await expect(card).toContainText('10 items');
    await expect(card).toContainText('About 5 minutes');
    await expect(card).toContainText('English, Turkish');
    await expectNoAxeViolations(page, 'library');
    await card.getByRole('link', { name: `Preview: ${text('en', HOME, '_form.title')}` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: text('en', HOME, '_form.title') }),
    ).toBeVisible();
    await expect(page.getByText(text('en', HOME, '_licence.notice'))).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: text('en', HOME, 'r1.label') })
        .getByRole('radio')
        .first(),
    ).toBeDisabled();
  });

  test('the results page fits a 375 px phone @phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Mehmet Ali', 'Karadeniz');
    const answers = (value: string) =>
      Object.fromEntries(
        ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9'].map((r) => [r, r === 'r9' ? 'no' : value]),
      );
    await submitResponse(page, token, clientId, 'home-routines', answers('aLittle'));
    await submitResponse(page, token, clientId, 'home-routines', answers('quiteALot'));
    await page.goto(`/patients/${clientId}/results/home-routines`);
    await expect(page.locator('svg[data-score-chart]')).toHaveCount(3);
    // opened directly: the questionnaire's own words (scale and band names) are loaded, never raw keys
    await expect(page.locator('[data-scale="sleep"] h3')).toHaveText(text('tr', HOME, '_scales.sleep.label'));
    await expect(page.getByText(text('tr', HOME, '_licence.notice'))).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    const chart = await page.locator('svg[data-score-chart]').first().boundingBox();
    expect(chart!.width).toBeLessThanOrEqual(375);
    expect(chart!.width).toBeGreaterThan(250);
    await expect(page.locator('[data-scale="sleep"]').getByRole('table').getByRole('row')).toHaveCount(3);
    await expectNoAxeViolations(page, 'results at 375 px');
  });
});
