import { apiAddress, expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, createClient } from './support';

const HOME = 'questionnaires/home-routines';
const q = (key: string) => text('tr', 'questionnaires', key);
const r = (key: string) => text('tr', 'respond', key);

test.describe('one draft model, in Turkish @mobile', () => {
  // a slow machine builds, signs up and loads the engine twice in one test
  test.describe.configure({ timeout: 180_000 });

  test('in session, answers are kept through a reload and leaving the page without pressing save', async ({
    page,
  }) => {
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Can', 'Öztürk');
    const given = await page.request.post(`/api/clients/${clientId}/responses`, {
      headers: { authorization: `Bearer ${token}`, ...apiAddress() },
      data: { questionnaireId: 'home-routines', language: 'tr' },
    });
    expect(given.status(), await given.text()).toBe(201);
    const address = `/patients/${clientId}/responses/${(await given.json()).id}`;
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: text('tr', HOME, '_form.title') })).toBeVisible({
      timeout: 30_000,
    });
    const status = page.locator('#fill-save-status');
    const option = (item: string, choice: string) =>
      page
        .getByRole('group', { name: text('tr', HOME, `${item}.label`) })
        .getByRole('radio', { name: text('tr', HOME, `${item}.options.${choice}`), exact: true });

    // answers, and no button: the draft saves itself like the intake
    for (const item of ['r1', 'r2', 'r3']) await option(item, 'aLittle').check();
    await expect(status).toHaveAttribute('data-state', /dirty|saving/);
    await expect(status).toHaveAttribute('data-state', 'saved');
    await expect(status).toContainText(q('fill.status.lastSaved').split('{{')[0]?.trim() ?? '');
    await expectNoAxeViolations(page, 'in-session fill with its save status tr');
    await page.reload();
    await expect(option('r3', 'aLittle')).toBeChecked({ timeout: 30_000 });

    // one more answer; the page left for another site as soon as it is saved, then opened again
    await option('r5', 'veryMuch').check();
    await expect(status).toHaveAttribute('data-state', /dirty|saving/);
    await expect(status).toHaveAttribute('data-state', 'saved');
    await page.goto('about:blank');
    await page.goto(address);
    await expect(option('r5', 'veryMuch')).toBeChecked({ timeout: 30_000 });
    await expect(option('r1', 'aLittle')).toBeChecked();
  });

  test('on the respondent page, answers and "Send my answers" given offline are sent by themselves once back online', async ({
    page,
    browser,
  }) => {
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Ece', 'Demir');
    const made = await page.request.post(`/api/clients/${clientId}/links`, {
      headers: { authorization: `Bearer ${token}`, ...apiAddress() },
      data: { questionnaireId: 'home-routines', respondent: 'guardian', language: 'tr' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      locale: 'tr-TR',
      isMobile: true,
      hasTouch: true,
    });
    const guardian = await phone.newPage();
    await guardian.goto(new URL((await made.json()).url).pathname);
    const answer = (item: string, choice: string) =>
      guardian
        .getByRole('group', { name: text('tr', HOME, `${item}.label`) })
        .getByRole('radio', { name: text('tr', HOME, `${item}.options.${choice}`), exact: true })
        .check();
    for (const item of ['r1', 'r2', 'r3']) await answer(item, 'aLittle');
    await expect(guardian.getByText(r('status.saved'))).toBeVisible();

    // the connection drops: the last answers and the tap on "Send my answers" wait on the phone
    await phone.setOffline(true);
    for (const item of ['r5', 'r6', 'r7']) await answer(item, 'aLittle');
    await answer('r9', 'no');
    await guardian.getByRole('button', { name: r('send') }).click();
    await expect(guardian.getByRole('alert').filter({ hasText: r('sendFailed') })).toBeVisible();
    await expect(guardian.getByText(r('status.offline'))).toBeVisible();
    await expectNoAxeViolations(guardian, 'respondent page offline with a queued send tr');

    // back online: no tap; the answers go, the error clears and the thank-you page follows
    await phone.setOffline(false);
    await expect(guardian.getByRole('heading', { level: 1, name: r('thanks.title') })).toBeVisible({
      timeout: 20_000,
    });
    await expect(guardian.getByText(r('sendFailed'))).toHaveCount(0);
    await phone.close();

    // the practitioner has every answer given offline, scored
    const client = await page.request.get(`/api/clients/${clientId}`, {
      headers: { authorization: `Bearer ${token}`, ...apiAddress() },
    });
    expect(client.status(), await client.text()).toBe(200);
    const [response] = (await client.json()).responses as Array<{ id: string; status: string }>;
    expect(response?.status).toBe('submitted');
    const full = await page.request.get(`/api/responses/${response?.id}`, {
      headers: { authorization: `Bearer ${token}`, ...apiAddress() },
    });
    expect((await full.json()).answers).toMatchObject({ r5: 'aLittle', r7: 'aLittle', r9: 'no' });
  });
});
