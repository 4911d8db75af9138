import { apiAddress, expect, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, createClient } from './support';

const HOME = 'questionnaires/home-routines';
const PHONE = { width: 375, height: 740 };
const r = (key: string, params: Record<string, string | number> = {}) => text('tr', 'respond', key, params);

// ADR 134: the server draws the respondent's page; answers given before its scripts arrive are kept and sent
test.describe('the respondent page before its scripts @phone', () => {
  test.use({ viewport: PHONE });

  test('a guardian answers the server-drawn page while its scripts are held back, and the answers stay and are saved', async ({
    page,
    browser,
  }) => {
    test.slow();
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Deniz', 'Akın');
    const made = await page.request.post(`/api/clients/${clientId}/links`, {
      headers: { authorization: `Bearer ${token}`, ...apiAddress() },
      data: { questionnaireId: 'home-routines', respondent: 'guardian', language: 'tr' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { url } = (await made.json()) as { url: string };
    const linkToken = url.split('/r/')[1]!;

    const phone = await browser.newContext({ viewport: PHONE, locale: 'tr-TR' });
    const guardian = await phone.newPage();
    const problems: string[] = [];
    guardian.on('pageerror', (error) => problems.push(error.message));
    guardian.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    // the page's scripts wait until the guardian has answered
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let scripts = 0;
    await guardian.route(/\/assets\/.*\.js$/, async (route) => {
      scripts += 1;
      await held;
      await route.continue();
    });
    // module scripts hold DOMContentLoaded back: the page is read as it arrives
    await guardian.goto(new URL(url).pathname, { waitUntil: 'commit' });
    await expect(
      guardian.getByRole('heading', { level: 1, name: text('tr', HOME, '_form.title') }),
    ).toBeVisible();
    const radio = (item: string, option: string) =>
      guardian
        .getByRole('group', { name: text('tr', HOME, `${item}.label`) })
        .getByRole('radio', { name: text('tr', HOME, `${item}.options.${option}`), exact: true });
    await radio('r1', 'aLittle').check();
    await radio('r2', 'veryMuch').check();
    // no script has run yet: the progress is still the server's
    await expect(guardian.getByText(r('progress', { answered: 0, total: 9 }))).toBeVisible();
    expect(scripts).toBeGreaterThan(0);
    // "Send my answers" before the scripts: held, not a page load that would lose the two answers
    await guardian.getByRole('button', { name: r('send') }).click();
    await expect(radio('r1', 'aLittle')).toBeChecked();

    release();
    // hydrated: the answers given before are the form's, counted, saved
    await expect(guardian.getByText(r('progress', { answered: 2, total: 9 }))).toBeVisible({
      timeout: 30_000,
    });
    // and the held send is played: r4 and r8 are optional, r10 hidden, r1 and r2 answered: five to answer
    const refused = guardian.getByRole('alert', {
      name: text('tr', 'widgets', 'questionnaire.checkAnswers.title_other', { count: 5 }),
    });
    await expect(refused).toBeFocused();
    await expect(refused.getByRole('link')).toHaveCount(5);
    await expect(radio('r1', 'aLittle')).toBeChecked();
    await expect(radio('r2', 'veryMuch')).toBeChecked();
    await expect(guardian.getByText(r('status.saved'))).toBeVisible();
    await expect
      .poll(async () => {
        const read = await guardian.request.get(`/api/respond/${linkToken}`);
        return ((await read.json()) as { answers: Record<string, unknown> }).answers;
      })
      .toEqual({ r1: 'aLittle', r2: 'veryMuch' });
    // answered after hydration as ever
    await radio('r3', 'notAtAll').check();
    await expect(guardian.getByText(r('progress', { answered: 3, total: 9 }))).toBeVisible();
    // a reload draws the saved answers on the server
    await guardian.unroute(/\/assets\/.*\.js$/);
    await guardian.reload();
    await expect(radio('r2', 'veryMuch')).toBeChecked();
    expect(problems).toEqual([]);
    await phone.close();
  });
});
