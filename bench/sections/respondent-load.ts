/**
 * Section 1, respondent rows: how long a guardian on a slow phone waits for the first question they can answer.
 * Chromium with the CPU slowed 4x and the network throttled to Chrome DevTools' "slow 4G" figures (1.6 Mbit/s
 * down, 750 kbit/s up, 150 ms round trip) or its "Slow 3G" ones (400 kbit/s both ways, 400 ms round trip), an
 * empty cache each load, a 360 px wide screen: from navigation to the frame that shows the first radio button
 * of the questionnaire visible and enabled, on the page's own clock. The server draws the page (ADR 134), so
 * its HTML's radio counts: it can be answered before the scripts arrive, and hydration keeps the answer.
 * Median of several loads (slow 4G <= 1.2 s, Slow 3G <= 3 s).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { createIntake, createPractitioner } from '../lib/api-client';
import type { Row } from '../lib/results';
import type { ProductServer } from '../lib/servers';
import { spread } from '../lib/stats';
import type { BenchContext } from './context';
import { CHROMIUM, CHROMIUM_ARGS } from './typing';

/** A network and its row: DevTools' throttling figures (kbit/s as DevTools counts them, 1 kbit = 1024 bit). */
interface Profile {
  metric: string;
  targetMs: number;
  downKbit: number;
  upKbit: number;
  latencyMs: number;
}

const SLOW_4G: Profile = {
  metric: 'Respondent page on a slow phone: first question answerable (CPU 4x, 1.6 Mbit/s, 150 ms RTT)',
  targetMs: 1200,
  downKbit: 1.6 * 1024,
  upKbit: 750,
  latencyMs: 150,
};

const SLOW_3G: Profile = {
  metric: 'Respondent page on Slow 3G: first question answerable',
  targetMs: 3000,
  downKbit: 400,
  upKbit: 400,
  latencyMs: 400,
};

/** A link to a home-routines response in Turkish, made through the API by a verified practitioner. */
async function newLinkPath(base: string): Promise<string> {
  const user = await createPractitioner(base, 'bench-respondent@example.com');
  const intake = await createIntake(base, user.token, { complaintHistory: {} });
  const response = await fetch(`${base}/api/clients/${intake.id}/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ questionnaireId: 'home-routines', respondent: 'guardian', language: 'tr' }),
  });
  if (response.status !== 201) throw new Error(`making a link: ${response.status} ${await response.text()}`);
  const { url } = (await response.json()) as { url: string };
  // the link names the configured public address; the bench server listens elsewhere
  return new URL(url).pathname;
}

/** The probe's console line: its page-clock time follows. */
const MARK = 'first-answerable-at ';

/**
 * Runs in the page before its own scripts: on each animation frame until the first radio button is visible and
 * enabled, then reports the page clock (milliseconds since navigation started) of that frame, the one that paints
 * it, as a console line. Read from the page, not from the bench's side: Playwright's polls of a page whose CPU is
 * slowed 4x notice the same moment some 0.3 s later, and the script they inject (some 0.3 s of the slowed main
 * thread) would run before the first paint a phone makes without it (ADR 141); a console line needs nothing in
 * the page. A plain string: a bundled function could name helpers the page lacks.
 */
const FIRST_ANSWERABLE_PROBE = `requestAnimationFrame(function look() {
  const radio = document.querySelector('input[type="radio"]');
  if (radio && !radio.disabled && radio.checkVisibility()) console.debug('${MARK}' + performance.now());
  else requestAnimationFrame(look);
});`;

async function loadOnce(
  browser: Browser,
  url: string,
  profile: Profile,
): Promise<{ page: number; harness: number }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: (profile.downKbit * 1024) / 8,
      uploadThroughput: (profile.upKbit * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(FIRST_ANSWERABLE_PROBE);
    const reported = page.waitForEvent('console', {
      predicate: (message) => message.text().startsWith(MARK),
      timeout: 60_000,
    });
    const start = performance.now();
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const seen = Number((await reported).text().slice(MARK.length));
    const harness = performance.now() - start;
    // only now the bench looks into the page: the radio the probe saw is there and enabled
    const first = page.locator('input[type="radio"]').first();
    await first.waitFor({ state: 'visible', timeout: 60_000 });
    if (!(await first.isEnabled())) throw new Error('the first radio button is not enabled');
    if (!Number.isFinite(seen)) throw new Error('the page probe never saw the first question answerable');
    return { page: seen, harness };
  } finally {
    await context.close();
  }
}

async function profileRow(ctx: BenchContext, browser: Browser, url: string, profile: Profile): Promise<Row> {
  const loads = ctx.quick ? 3 : 7;
  const times: number[] = [];
  for (let i = 0; i < loads; i++) {
    const { page, harness } = await loadOnce(browser, url, profile);
    times.push(page);
    ctx.log(
      `respondent page load (${profile.latencyMs} ms RTT) ${i + 1}/${loads}: ${Math.round(page)} ms (its report reached the bench at ${Math.round(harness)} ms)`,
    );
  }
  const ours = spread(times);
  return {
    section: '1',
    metric: profile.metric,
    unit: 'ms',
    ours,
    target: { text: `median ≤ ${profile.targetMs} ms`, met: ours.median <= profile.targetMs },
    note:
      `${loads} cold loads at 360 px, ${profile.downKbit} kbit/s down, ${profile.upKbit} kbit/s up, ${profile.latencyMs} ms RTT, CPU 4x, home routines in Turkish: ` +
      'from navigation to the frame showing the first enabled radio button (page clock); the server draws the page (ADR 134), so its HTML radio counts, answerable before the scripts',
  };
}

export async function respondentLoadRows(ctx: BenchContext, productServer: ProductServer): Promise<Row[]> {
  if (!productServer.clientDir)
    return [SLOW_4G, SLOW_3G].map((profile) => ({
      section: '1',
      metric: profile.metric,
      unit: 'ms',
      ours: null,
      note: 'not run: no product build',
    }));
  // the page's server renderer, built beside the bench's client as `npm run build` builds it beside dist/client
  const { buildRespondRenderer } = (await import(
    pathToFileURL(path.join(ctx.root, 'scripts/build-server.mjs')).href
  )) as { buildRespondRenderer: (outDir: string) => Promise<void> };
  await buildRespondRenderer(path.join(productServer.clientDir, '..', 'server', 'respond'));
  const server = await productServer.get();
  const url = `${server.base}${await newLinkPath(server.base)}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
  try {
    // the link is only read, never answered: every load draws the same questionnaire
    return [await profileRow(ctx, browser, url, SLOW_4G), await profileRow(ctx, browser, url, SLOW_3G)];
  } finally {
    await browser.close();
  }
}
