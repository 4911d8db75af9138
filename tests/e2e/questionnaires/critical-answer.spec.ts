import { apiAddress, expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, birthDateAged, createClient } from './support';

const FEELINGS = 'questionnaires/everyday-feelings';
const ITEMS = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6'];
const PHONE = { width: 375, height: 740 };
// a page's first load on a machine shared with other builds can take longer than an assertion's usual wait
const LOAD = 30_000;
const r = (key: string, params: Record<string, string | number> = {}) => text('tr', 'respond', key, params);
const a = (key: string, params: Record<string, string | number> = {}) => text('tr', 'account', key, params);

test.describe('a critical answer on a phone @phone', () => {
  test.use({ viewport: PHONE });

  test('a young person gives the critical answer by link: help on the thank-you page, a mail without names, and "Needs attention" until the response is opened', async ({
    page,
    browser,
  }) => {
    // two browsers and two accessibility scans on a shared machine
    test.slow();
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Ela', 'Kuzucu', birthDateAged(13));
    const made = await page.request.post(`/api/clients/${clientId}/links`, {
      headers: { authorization: `Bearer ${token}`, ...apiAddress() },
      data: { questionnaireId: 'everyday-feelings', respondent: 'self', language: 'tr' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { url, link } = (await made.json()) as { url: string; link: { responseId: string } };

    // the young person, on a phone, with no account
    const phone = await browser.newContext({ viewport: PHONE, locale: 'tr-TR' });
    const young = await phone.newPage();
    await young.goto(new URL(url).pathname);
    await expect(
      young.getByRole('heading', { level: 1, name: text('tr', FEELINGS, '_form.title') }),
    ).toBeVisible();
    for (const item of ITEMS) {
      const option = item === 'm6' ? 'always' : 'never';
      await young
        .getByRole('group', { name: text('tr', FEELINGS, `${item}.label`) })
        .getByRole('radio', { name: text('tr', FEELINGS, `${item}.options.${option}`), exact: true })
        .check();
    }
    await expect(young.getByText(r('status.saved'))).toBeVisible();
    await young.getByRole('button', { name: r('send') }).click();

    // the thank-you page: the questionnaire's own words and the emergency number, no score
    await expect(young.getByRole('heading', { level: 1, name: r('thanks.title') })).toBeVisible({
      timeout: LOAD,
    });
    const help = young.getByRole('region', { name: r('help.title') });
    await expect(help).toContainText(text('tr', FEELINGS, '_crisis'));
    const emergency = young.getByRole('link', {
      name: r('help.call', { name: r('help.emergencyLine'), phone: '112' }),
    });
    await expect(emergency).toHaveAttribute('href', 'tel:112');
    await expect(help).not.toContainText(text('tr', FEELINGS, '_flags.selfHarmThoughts'));
    await expectNoAxeViolations(young, 'thank-you page with help tr');
    await phone.close();

    // the practitioner's mail: only that a response needs attention, a link to the app
    const mails = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const attention = (
      (await mails.json()) as { mails: Array<{ kind: string; subject: string; text: string }> }
    ).mails.filter((m) => m.kind === 'responseAttention');
    expect(attention).toHaveLength(1);
    const words = `${attention[0]!.subject}\n${attention[0]!.text}`;
    for (const secret of [
      'Ela',
      'Kuzucu',
      text('tr', FEELINGS, '_form.title'),
      text('tr', FEELINGS, 'm6.label'),
    ])
      expect(words).not.toContain(secret);

    // the dashboard says it apart from new results, and the sidebar badge in words
    const completion = page.getByRole('dialog', { name: a('dashboard.modalTitle') });
    await page.addLocatorHandler(completion, async () => {
      await completion.getByRole('button', { name: a('dashboard.modalLater') }).click();
    });
    await page.goto('/dashboard');
    await expect(page.getByText(a('dashboard.attentionTitle_one'))).toBeVisible({ timeout: LOAD });
    await expect(page.getByText(a('dashboard.newResults'))).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard with a response that needs attention tr');

    // the Patients list marks the client
    await page.goto('/patients');
    await expect(page.getByRole('link', { name: 'Ela Kuzucu' })).toBeVisible({ timeout: LOAD });
    await expect(page.getByRole('link', { name: 'Ela Kuzucu' })).toHaveAccessibleDescription(
      new RegExp(text('tr', 'questionnaires', 'patients.attention')),
    );

    // opening the response clears it
    await page.goto('/dashboard');
    await page.getByRole('link', { name: a('dashboard.attentionOpenResponse') }).click({ timeout: LOAD });
    await expect(page).toHaveURL(new RegExp(`/patients/${clientId}/responses/${link.responseId}$`));
    await expect(page.getByText(text('tr', FEELINGS, '_flags.selfHarmThoughts'))).toBeVisible({
      timeout: LOAD,
    });
    await page.goto('/dashboard');
    await expect(page.getByText(a('dashboard.newResults'))).toBeVisible({ timeout: LOAD });
    await expect(page.getByText(a('dashboard.attentionTitle_one'))).toHaveCount(0);
  });
});
