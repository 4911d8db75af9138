import type { Page } from '@playwright/test';
import { apiAddress, expect, expectNoAxeViolations, test } from '../account/support/fixtures';
import { signIn, text } from '../intake/support';
import { apiToken, createClient } from './support';

const PHONE = { width: 375, height: 740 };
const SHOTS = 'test-results/phone-polish';
const q = (key: string, params: Record<string, string | number> = {}) =>
  text('tr', 'questionnaires', key, params);

/** Makes a respondent link through the API; answers its id and token. */
async function makeLink(page: Page, token: string, clientId: string, language: 'en' | 'tr') {
  const res = await page.request.post(`/api/clients/${clientId}/links`, {
    headers: { authorization: `Bearer ${token}`, ...apiAddress() },
    data: { questionnaireId: 'home-routines', respondent: 'guardian', language, label: 'Ada' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { id: body.link.id as string, token: (body.url as string).split('/r/')[1]! };
}

/** Mails the link again (a reminder): a new token; answers it. */
async function remind(page: Page, token: string, linkId: string) {
  const res = await page.request.post(`/api/links/${linkId}/send`, {
    headers: { authorization: `Bearer ${token}`, ...apiAddress() },
    data: { email: 'veli@example.com' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).url as string).split('/r/')[1]!;
}

test.describe('respondent links, the menu, access history and the intake bar on a phone @phone', () => {
  test.use({ viewport: PHONE });

  test('Turkish: closing a link asks first, a replaced address says so, the menu shows new results', async ({
    page,
    browser,
  }) => {
    test.slow();
    const { email } = await signIn(page, 'tr');
    const token = await apiToken(page, email);
    const clientId = await createClient(page, token, 'Ada', 'Yıldırım');
    const completion = page.getByRole('dialog', { name: text('tr', 'account', 'dashboard.modalTitle') });
    await page.addLocatorHandler(completion, async () => {
      await completion.getByRole('button', { name: text('tr', 'account', 'dashboard.modalLater') }).click();
    });

    // a reminder replaces the address: the old one says a newer link was sent, in the link's language
    const tr = await makeLink(page, token, clientId, 'tr');
    await remind(page, token, tr.id);
    const en = await makeLink(page, token, clientId, 'en');
    const newest = await remind(page, token, en.id);
    const guardian = await (await browser.newContext({ viewport: PHONE })).newPage();
    await guardian.goto(`/r/${tr.token}`);
    await expect(
      guardian.getByRole('heading', { level: 1, name: text('tr', 'respond', 'closed.replaced.title') }),
    ).toBeVisible();
    await expect(guardian.getByText(text('tr', 'respond', 'notFound.text'))).toHaveCount(0);
    await guardian.screenshot({ path: `${SHOTS}/replaced-link-tr.png`, fullPage: true });
    await expectNoAxeViolations(guardian, 'replaced link tr');
    await guardian.goto(`/r/${en.token}`);
    await expect(
      guardian.getByRole('heading', { level: 1, name: text('en', 'respond', 'closed.replaced.title') }),
    ).toBeVisible();
    await expect(guardian.getByText(text('en', 'respond', 'closed.replaced.text'))).toBeVisible();

    // the guardian sends answers through the newest address: a new result
    const answers = {
      r1: 'aLittle',
      r2: 'aLittle',
      r3: 'aLittle',
      r4: 'aLittle',
      r5: 'aLittle',
      r6: 'aLittle',
      r7: 'aLittle',
      r8: 'aLittle',
      r9: 'no',
    };
    const sent = await guardian.request.post(`/api/respond/${newest}/submit`, {
      headers: apiAddress(),
      data: { answers },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await guardian.context().close();

    // the phone's menu button carries the new result, in words too
    await page.goto('/patients');
    const menu = page.getByRole('button', { name: new RegExp(`^${text('tr', 'account', 'nav.openMenu')}`) });
    await expect(menu).toHaveAccessibleName(
      `${text('tr', 'account', 'nav.openMenu')}, ${text('tr', 'account', 'nav.newResults_one', { count: 1 })}`,
    );
    await expect(page.getByTestId('menu-badge')).toHaveText('1');
    await page.screenshot({ path: `${SHOTS}/menu-badge-tr.png` });

    // closing a link asks first; a closed link gives no expiry date; its draft is opened, not continued
    await page.goto(`/patients/${clientId}`);
    const rows = page.getByTestId('respondent-link');
    await expect(rows).toHaveCount(2);
    const open = rows.filter({ hasText: q('links.states.created') }).first();
    await expect(open).toContainText(q('links.validUntil', { date: '' }).trim());
    await open.getByRole('button', { name: q('links.revoke') }).click();
    const dialog = page.getByRole('dialog', { name: q('links.revokeTitle') });
    await expect(dialog).toContainText(q('links.revokeText'));
    await page.screenshot({ path: `${SHOTS}/close-link-dialog-tr.png` });
    await expectNoAxeViolations(page, 'close link dialog tr');
    await dialog.getByRole('button', { name: q('links.revokeCancel') }).click();
    await expect(open.getByTestId('link-state')).toHaveText(q('links.states.created'));
    await open.getByRole('button', { name: q('links.revoke') }).click();
    await dialog.getByRole('button', { name: q('links.revokeConfirm') }).click();
    const closed = rows.filter({ hasText: q('links.states.revoked') });
    await expect(closed).toHaveCount(1);
    // the closed row has no buttons left: focus is on the list's heading, not lost to the page
    await expect(page.getByRole('heading', { name: q('links.listTitle') })).toBeFocused();
    await expect(closed).toContainText(q('links.noLongerOpens'));
    await expect(closed).not.toContainText(q('links.validUntil', { date: '' }).trim());
    await expect(closed.getByRole('button')).toHaveCount(0);
    const given = page
      .getByRole('listitem')
      .filter({ hasText: q('client.draftSince', { date: '' }).split(',')[0]! });
    await expect(given.filter({ hasText: q('links.states.revoked') }).getByRole('link')).toHaveText(
      q('client.open'),
    );
    await closed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/closed-link-row-tr.png` });
    await expectNoAxeViolations(page, 'client page with a closed link tr');
  });

  test('Turkish: access history is stacked on a phone; the intake bar is one row; a toast stays off the heading', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'tr');
    const created = await page.request.post('/api/client-intake', {
      data: { demographics: { clientFirstName: 'Elif', clientLastName: 'Şahin' }, status: 'draft' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/client-intake/${id}/summary`);
    await page.goto(`/client-intake/${id}/access-history`);
    const p = (key: string) => text('tr', 'privacy', key);
    await expect(page.getByRole('heading', { level: 1, name: p('history.title') })).toBeVisible();
    const entries = page.getByTestId('history-list').getByRole('listitem');
    await expect(entries.last()).toContainText(p('history.actions.create'));
    for (const label of ['history.when', 'history.what', 'history.who', 'history.from'])
      await expect(entries.first().getByText(p(label), { exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'access history scrolls sideways').toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/access-history-tr.png`, fullPage: true });
    await expectNoAxeViolations(page, 'access history 375 tr');

    // the intake's bar: one row at most ~72 px; the save state and the other actions behind a tap
    await page.goto(`/client-intake/${id}`);
    const bar = page.locator('[data-action-bar]');
    await expect(bar).toBeVisible();
    const height = (await bar.boundingBox())!.height;
    expect(height, 'action bar height').toBeLessThanOrEqual(72);
    const say = (key: string) => text('tr', 'intake', key);
    await expect(page.getByRole('button', { name: say('buttons.saveDraft') })).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/intake-bar-closed-tr.png` });
    const more = page.getByRole('button', { name: say('buttons.more') });
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: say('buttons.saveDraft') })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/intake-bar-open-tr.png` });
    await expectNoAxeViolations(page, 'intake bar open tr');

    // saving a draft: one toast, above the bar, not over the page heading
    await page.getByRole('button', { name: say('buttons.saveDraft') }).click();
    const toasts = page
      .getByRole('region', { name: text('tr', 'account', 'app.notifications') })
      .getByRole('listitem');
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText(say('toasts.savedAsDraft'));
    await page.evaluate(() => window.scrollTo(0, 0));
    const heading = (await page.locator('main h1').boundingBox())!;
    const toast = (await toasts.boundingBox())!;
    expect(
      toast.y >= heading.y + heading.height || toast.y + toast.height <= heading.y,
      'toast over the heading',
    ).toBe(true);
    const barBox = (await bar.boundingBox())!;
    expect(toast.y + toast.height, 'toast over the action bar').toBeLessThanOrEqual(barBox.y + 1);
    await page.screenshot({ path: `${SHOTS}/toast-tr.png` });
  });
});
