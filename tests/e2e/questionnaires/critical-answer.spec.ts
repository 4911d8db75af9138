import { WORRIES_AT_THE_TOP } from '../../fixtures/questionnaires/risk-answers';
import { apiAddress, expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, birthDateAged, createClient } from './support';

const FEELINGS = 'questionnaires/everyday-feelings';
const SCHOOL = 'questionnaires/school-day';
const ITEMS = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6'];
const PHONE = { width: 375, height: 740 };
// a page's first load on a machine shared with other builds can take longer than an assertion's usual wait
const LOAD = 30_000;
const r = (key: string, params: Record<string, string | number> = {}) => text('tr', 'respond', key, params);
const a = (key: string, params: Record<string, string | number> = {}) => text('tr', 'account', key, params);

test.describe('a critical answer on a phone @phone', () => {
  test.use({ viewport: PHONE });

  test("five elevated scores and then a young person's self-harm answer by link: one urgent alert listed first with the informant, one mail, resolved with a note", async ({
    page,
    browser,
  }) => {
    // two browsers and two accessibility scans on a shared machine
    test.slow();
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const headers = { authorization: `Bearer ${token}`, ...apiAddress() };
    // the sex and age choose the norms the worry flag reads
    const intake = await page.request.post('/api/client-intake', {
      headers,
      data: {
        status: 'draft',
        demographics: {
          clientFirstName: 'Ela',
          clientLastName: 'Kuzucu',
          birthDate: birthDateAged(13),
          gender: 'female',
        },
      },
    });
    expect(intake.status(), await intake.text()).toBe(201);
    const clientId = ((await intake.json()) as { id: string }).id;
    // five elevated scores in session: review alerts, no mail
    for (let i = 0; i < 5; i++) {
      const given = await page.request.post(`/api/clients/${clientId}/responses`, {
        headers,
        data: { questionnaireId: 'worries-and-mood', respondent: 'self', language: 'tr' },
      });
      expect(given.status(), await given.text()).toBe(201);
      const id = ((await given.json()) as { id: string }).id;
      const done = await page.request.post(`/api/responses/${id}/submit`, {
        headers,
        data: { answers: WORRIES_AT_THE_TOP },
      });
      expect(done.status(), await done.text()).toBe(200);
    }
    const made = await page.request.post(`/api/clients/${clientId}/links`, {
      headers,
      data: { questionnaireId: 'everyday-feelings', respondent: 'self', language: 'tr' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { url } = (await made.json()) as { url: string };

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
    await expect(young.getByText(r('_respondents.self.status.saved'))).toBeVisible();
    await young.getByRole('button', { name: r('send') }).click();

    // the thank-you page: the questionnaire's own words and the emergency number, no score
    await expect(young.getByRole('heading', { level: 1, name: r('thanks.title') })).toBeVisible({
      timeout: LOAD,
    });
    const help = young.getByRole('region', { name: r('_respondents.self.help.title') });
    await expect(help).toContainText(text('tr', FEELINGS, '_crisis'));
    const emergency = young.getByRole('link', {
      name: r('_respondents.self.help.call', { name: r('help.emergencyLine'), phone: '112' }),
    });
    await expect(emergency).toHaveAttribute('href', 'tel:112');
    await expect(help).not.toContainText(text('tr', FEELINGS, '_flags.selfHarmThoughts'));
    await expectNoAxeViolations(young, 'thank-you page with help tr');
    await phone.close();

    // the practitioner's mail, one for all six alerts (the five scores sent none): only that a response needs
    // attention, a link to the app
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

    // the dashboard lists the urgent alert first, with who answered, apart from new results
    const completion = page.getByRole('dialog', { name: a('dashboard.modalTitle') });
    await page.addLocatorHandler(completion, async () => {
      await completion.getByRole('button', { name: a('dashboard.modalLater') }).click();
    });
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { name: a('dashboard.attentionTitle_other', { count: 6 }) }),
    ).toBeVisible({
      timeout: LOAD,
    });
    await expect(page.getByText(a('dashboard.attentionCounts', { urgent: 1, review: 5 }))).toBeVisible();
    const first = page.locator('[data-attention-list] > li').first();
    await expect(first).toHaveAttribute('data-alert-level', 'urgent');
    await expect(first).toContainText(a('dashboard.alertLevel.urgent'));
    await expect(first).toContainText(text('tr', FEELINGS, '_flags.selfHarmThoughts'));
    await expect(first).toContainText(
      a('dashboard.alertAnsweredBy', { who: text('tr', 'questionnaires', 'respondents.self') }),
    );
    await expect(page.getByText(a('dashboard.newResults'))).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard with alerts tr');

    // the Patients list marks the client
    await page.goto('/patients');
    await expect(page.getByRole('link', { name: 'Ela Kuzucu' })).toBeVisible({ timeout: LOAD });
    await expect(page.getByRole('link', { name: 'Ela Kuzucu' })).toHaveAccessibleDescription(
      new RegExp(text('tr', 'questionnaires', 'patients.attention')),
    );

    // resolved with a note: the count goes down, and the client's page keeps the note
    await page.goto('/dashboard');
    await first.getByRole('button', { name: a('dashboard.alertResolve') }).click({ timeout: LOAD });
    await first.getByLabel(a('dashboard.alertNote')).fill('Aileyle görüşüldü, güvenlik planı yapıldı.');
    await first.getByRole('button', { name: a('dashboard.alertResolveConfirm') }).click();
    await expect(
      page.getByRole('heading', { name: a('dashboard.attentionTitle_other', { count: 5 }) }),
    ).toBeVisible();
    await expect(page.getByText(a('dashboard.attentionCounts', { urgent: 0, review: 5 }))).toBeVisible();
    await page.goto(`/patients/${clientId}`);
    await expect(page.locator('[data-client-alerts]')).toContainText(
      'Aileyle görüşüldü, güvenlik planı yapıldı.',
      {
        timeout: LOAD,
      },
    );
  });
});

test.describe('a teacher answers by link', () => {
  test("a teacher whose answers raised a flag is thanked, told they reach the child's psychologist, and shown no crisis panel", async ({
    page,
  }) => {
    const { email } = await signIn(page, 'en');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Can', 'Demir', birthDateAged(9));
    const made = await page.request.post(`/api/clients/${clientId}/links`, {
      headers: { authorization: `Bearer ${token}`, ...apiAddress() },
      data: { questionnaireId: 'school-day', respondent: 'teacher', language: 'en' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { url } = (await made.json()) as { url: string };
    const path = new URL(url).pathname;
    // picked on and left out, often: the bullying flag
    const answers = {
      f1: 'never',
      f2: 'never',
      f3: 'never',
      f4: 'never',
      f5: 'never',
      g1: 'never',
      g2: 'never',
    };
    const saved = await page.request.put(`/api${path.replace(/^\/r\//, '/respond/')}`, {
      data: { answers: { ...answers, g3: 'often', g4: 'veryOften', g5: 'never', t1: 'overAYear' } },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto(path);
    await page.getByRole('button', { name: text('en', 'respond', 'send') }).click({ timeout: LOAD });
    await expect(
      page.getByRole('heading', { level: 1, name: text('en', 'respond', 'thanks.title') }),
    ).toBeVisible({
      timeout: LOAD,
    });
    await expect(page.getByText(text('en', 'respond', '_respondents.teacher.thanks.text'))).toBeVisible();
    await expect(page.getByRole('region', { name: text('en', 'respond', 'help.title') })).toHaveCount(0);
    await expect(page.getByText(text('en', SCHOOL, '_crisis'))).toHaveCount(0);
  });
});
