import path from 'node:path';
import {
  apiAddress,
  expect,
  expectNoAxeViolations,
  latestMail,
  test,
  uniqueEmail,
} from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, createClient } from './support';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const HOME = 'questionnaires/home-routines';
const PHONE = { width: 375, height: 812 };
const s = (key: string, params: Record<string, string | number> = {}) => text('tr', 'schedules', key, params);
const q = (key: string) => text('tr', 'questionnaires', key);

/** Today in Istanbul, as the schedules count days. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Istanbul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

test.describe('a measurement schedule in Turkish @phone', () => {
  test.use({ viewport: PHONE });

  test('the practitioner repeats a questionnaire from today: the first link is mailed, the page says sent, pause and resume, Patients counts what is due', async ({
    page,
  }) => {
    // the sender's rounds, a build's worth of screens and axe scans on a shared machine
    test.slow();
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Ada', 'Yıldırım');
    const guardian = uniqueEmail('veli');

    // the dialog, from the client page, at 375 px: defaults, a mistake said in words, then made
    await page.goto(`/patients/${clientId}`);
    await page.getByRole('button', { name: s('section.repeat') }).click();
    const dialog = page.getByRole('dialog', { name: s('dialog.title') });
    await expect(dialog.getByLabel(s('dialog.everyWeeks'), { exact: true })).toHaveValue('4');
    await expect(dialog.getByLabel(s('dialog.startOn'), { exact: true })).toHaveValue(today());
    await expect(dialog.getByLabel(s('dialog.times'), { exact: true })).toHaveValue('6');
    await expect(dialog.getByLabel(s('dialog.remindAfterDays'), { exact: true })).toHaveValue('3');
    await dialog
      .getByLabel(s('dialog.questionnaire'), { exact: true })
      .selectOption({ label: text('tr', HOME, '_form.title') });
    await dialog.getByRole('radio', { name: q('languages.tr') }).check();
    await dialog.getByRole('button', { name: s('dialog.create') }).click();
    const summary = dialog.getByRole('alert').filter({ hasText: s('dialog.summaryTitle') });
    await expect(summary).toBeFocused();
    await expect(dialog.getByText(s('dialog.errors.emailMissing')).last()).toBeVisible();
    await expectNoAxeViolations(page, 'repeat dialog with an error tr');
    await dialog.getByLabel(s('dialog.email'), { exact: true }).fill(guardian);
    await dialog.getByRole('button', { name: s('dialog.create') }).click();
    const made = page.getByRole('dialog', { name: s('dialog.madeTitle') });
    await expect(made).toBeVisible();
    await made
      .getByRole('button', { name: s('dialog.close') })
      .first()
      .click();
    await expect(made).toHaveCount(0);

    // the schedule in words; the sender makes and mails the first link within a few of its rounds
    const schedule = page.getByTestId('schedule');
    await expect(schedule).toContainText(text('tr', HOME, '_form.title'));
    await expect(schedule.getByTestId('schedule-state')).toContainText(s('states.active'));
    const first = schedule.getByTestId('occurrence').first();
    await expect(async () => {
      await page.reload();
      await expect(first.locator('[data-state]')).toHaveAttribute('data-state', 'sent', { timeout: 15_000 });
    }).toPass({ timeout: 60_000 });
    await expect(first).toContainText(s('occurrenceStates.sent'));
    const mail = await latestMail(page, guardian, '/r/');
    expect(mail.link).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);

    // pause and resume
    const heading = `${text('tr', HOME, '_form.title')} · ${q('respondents.guardian')}`;
    await schedule.getByRole('button', { name: `${s('list.pause')}: ${heading}` }).click();
    await expect(schedule.getByTestId('schedule-state')).toContainText(s('states.paused'));
    await expect(schedule).toContainText(s('list.noneNext'));
    await schedule.getByRole('button', { name: `${s('list.resume')}: ${heading}` }).click();
    await expect(schedule.getByTestId('schedule-state')).toContainText(s('states.active'));
    await expectNoAxeViolations(page, 'client page with a schedule tr');
    await page.screenshot({ path: `${SHOTS}/schedule-tr-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(schedule).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/schedule-tr-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE);

    // a second client's schedule, paused at once: its sending today waits, and Patients counts it as due. The
    // sender may reach it between the two calls; then another is made (a race of milliseconds against seconds).
    const otherId = await createClient(page, token, 'Can', 'Demir');
    const headers = { authorization: `Bearer ${token}`, ...apiAddress() };
    await expect(async () => {
      const created = await page.request.post(`/api/clients/${otherId}/schedules`, {
        headers,
        data: {
          questionnaireId: 'home-routines',
          respondent: 'guardian',
          language: 'tr',
          email: guardian,
          dates: [today()],
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { schedule: made } = await created.json();
      const paused = await page.request.post(`/api/schedules/${made.id}/pause`, { headers, data: {} });
      expect(paused.status()).toBe(200);
      expect((await paused.json()).occurrences[0].state).toBe('due');
    }).toPass({ timeout: 30_000 });
    await page.goto('/patients');
    const can = page.getByRole('link', { name: 'Can Demir' });
    await expect(can).toHaveAccessibleDescription(s('counts.due_one', { count: 1 }));
    await expect(
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Ada Yıldırım' }) })
        .getByTestId('schedule-counts'),
    ).toHaveCount(0);
    await expectNoAxeViolations(page, 'patients with schedule counts tr');

    // everything due: the paused sending, with its client; cancelled, it is gone and so is the count
    await page.getByRole('link', { name: s('due.link') }).click();
    await expect(page.getByRole('heading', { level: 1, name: s('due.title') })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Can Demir' }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'everything due tr');
    await page
      .getByRole('button', { name: /^İptal et: Can Demir için/ })
      .first()
      .click();
    await expect(page.getByText(s('due.none'))).toBeVisible();
    await page.goto('/patients');
    await expect(page.getByRole('link', { name: 'Can Demir' })).toBeVisible();
    await expect(page.getByTestId('schedule-counts')).toHaveCount(0);
  });
});
