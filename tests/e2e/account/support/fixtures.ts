import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, request } from '@playwright/test';

const run = promisify(execFile);

let counter = 0;

/** A fresh address per call: tests never share accounts. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}@example.com`;
}

export const PASSWORD = 'Guvenli!Sifre2026';

/** Fails with the list of violations, so a report names the rule and the element. */
export async function expectNoAxeViolations(page: Page, context = ''): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()} ${context}`).toEqual([]);
}

interface OutboxMail {
  kind: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

/**
 * The mails to an address from GET /api/dev/outbox, asked as a developer on the server's machine asks: from a
 * context of its own, without the X-Forwarded-For the tests browse with (a forwarded call gets 404; ADR 104).
 */
export async function outboxMails(to: string): Promise<OutboxMail[]> {
  const api = await request.newContext({ baseURL: base.info().project.use.baseURL });
  try {
    const response = await api.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(response.status(), 'the dev outbox answers a loopback caller').toBe(200);
    const { mails } = (await response.json()) as { mails: OutboxMail[] };
    return mails.map((mail) => ({
      ...mail,
      links: Array.isArray(mail.links) ? mail.links : (JSON.parse(String(mail.links)) as string[]),
    }));
  } finally {
    await api.dispose();
  }
}

/** The newest mail to an address holding a link with `linkPart` (waits for it to arrive). */
export async function latestMail(
  _page: Page,
  to: string,
  linkPart: string,
): Promise<OutboxMail & { link: string }> {
  let found: (OutboxMail & { link: string }) | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await outboxMails(to)) {
          const link = mail.links.find((l) => l.includes(linkPart));
          if (link) {
            found = { ...mail, link };
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} with a ${linkPart} link`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The link as a path on this server (the mail holds PUBLIC_URL, which is the test server already). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** `npm run admin -- <args>` on the test server's data folder. */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
    // the test server runs on PGlite in E2E_DATA_DIR even when CI's DATABASE_URL is set for other suites
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '' },
    timeout: 60_000,
  });
  return stdout;
}

let ipCounter = 0;
let apiCounter = 0;

/**
 * An address of its own for a call through `page.request`, which does not carry the page's X-Forwarded-For:
 * without it every API sign-up of the run would count against one address's hourly limit.
 */
export function apiAddress(): Record<string, string> {
  apiCounter += 1;
  return { 'X-Forwarded-For': `10.252.${process.pid % 250}.${(apiCounter % 250) + 1}` };
}

/** Each test browses from its own client address, so the server's per-IP limits never leak between tests. */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    ipCounter += 1;
    const ip = `10.${testInfo.workerIndex % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };
