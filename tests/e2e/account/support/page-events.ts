/**
 * Waiting on what a page does instead of on the clock: a "nothing happened" check runs the page's own timers on
 * Playwright's fake clock and reads the requests the page sent, so a slow machine cannot make it pass early.
 */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __sent?: string[];
  }
}

/**
 * Installs the fake clock and a record of every request the page sends ("METHOD /path", kept as `fetch` is called);
 * both apply to the pages loaded after it.
 */
export async function watchPage(page: Page): Promise<void> {
  await page.clock.install();
  await page.addInitScript(() => {
    const sent: string[] = [];
    window.__sent = sent;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      // read without building a Request: that would take the body of one passed in
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const url = input instanceof Request ? input.url : String(input);
      sent.push(`${method.toUpperCase()} ${new URL(url, location.href).pathname}`);
      return original(input, init);
    };
  });
}

/** The requests the page has sent so far (after `watchPage`). */
export const sentRequests = (page: Page): Promise<string[]> =>
  page.evaluate(() => [...(window.__sent ?? [])]);

/**
 * Runs every timer of the page due within `ms` on its fake clock, then one task more: what those timers started
 * (a fetch, a render React queued as a task) has then reached the page.
 */
export async function runTimers(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}
