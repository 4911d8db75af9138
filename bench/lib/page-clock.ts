import type { Page } from 'playwright-core';
import { BENCH_PASSWORD } from './api-client';

/**
 * A script for `page.addInitScript` that times a screen on the page's own clock: it notes when each API response
 * body has arrived (text or JSON read) in `window.__arrivals`, and sets `window[mark]` to `performance.now()` in
 * the first animation frame where `readyWhen` (a JavaScript expression over `document`) is true.
 */
export function pageClockProbe(readyWhen: string, mark: string): string {
  return `(() => {
  const w = window;
  w.__arrivals = [];
  for (const name of ['json', 'text']) {
    const original = Response.prototype[name];
    Response.prototype[name] = function () {
      const url = this.url;
      return original.call(this).then((value) => { if (url.includes('/api/')) w.__arrivals.push(performance.now()); return value; });
    };
  }
  requestAnimationFrame(function look() {
    if (${readyWhen}) w[${JSON.stringify(mark)}] = performance.now();
    else requestAnimationFrame(look);
  });
})();`;
}

/** Signs in through the product's login screen with the bench's password and waits to leave /login. */
export async function signIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.locator('[id$="email"]').first().fill(email);
  await page.locator('input[type="password"]').first().fill(BENCH_PASSWORD);
  await page.locator('form button[type="submit"]').first().click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
}
