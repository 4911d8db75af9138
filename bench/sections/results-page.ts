/**
 * Section 6: the results page of a client with five years of weekly School Day responses from a parent and a
 * teacher (260 × 2 responses, 3 scales), in Chromium with the CPU slowed 4x (ADR 132). The responses are given and
 * submitted through the API, so the server scores them and labels their change; the page's client view is then
 * answered with the same data spread one week apart (the API cannot backdate a submission). Measured on the page's
 * own clock: from the moment it holds the last API body it waits for (the client view, then the questionnaire's
 * definition) to the frame in which the flagged answers shown and every scale's chart and table are drawn. Median of several loads
 * (issue 27: <= 200 ms).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createIntake, createPractitioner, getJson } from '../lib/api-client';
import { pageClockProbe, signIn } from '../lib/page-clock';
import { productBuild } from '../lib/product-build';
import type { Row } from '../lib/results';
import { type ProductServer, type RunningServer, startBenchServer, tempDataDir } from '../lib/servers';
import { spread } from '../lib/stats';
import type { BenchContext } from './context';
import { CHROMIUM, CHROMIUM_ARGS } from './typing';

const TARGET_MS = 200;
const WEEKS = 260;
const SCALES = 3;
const METRIC = `Results page, ${WEEKS} weekly responses × 2 informants × ${SCALES} scales: ready after data arrival (CPU 4x)`;
const WEEK_MS = 7 * 86_400_000;

type Option = 'never' | 'sometimes' | 'often' | 'veryOften';
const OPTIONS: Option[] = ['never', 'sometimes', 'often', 'veryOften'];

/** A School Day answer set that drifts over the weeks, so the chart and the change labels have something to say. */
function answersOf(week: number, informant: number): Record<string, string> {
  const level = Math.round(1.5 + 1.4 * Math.sin(week / 17 + informant) + ((week * 7 + informant) % 3) / 3);
  const at = (shift: number) => OPTIONS[Math.max(0, Math.min(3, level + shift))] as string;
  return {
    f1: at(-1),
    f2: at(0),
    f3: at(1),
    f4: at(0),
    f5: at(-1),
    g1: at(1),
    g2: at(0),
    g3: at(-1),
    g4: at(0),
    g5: at(1),
    t1: 'overAYear',
  };
}

async function post(base: string, path: string, token: string, body: unknown): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    if (response.status >= 500 && attempt < 3) continue;
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }
}

/** A client with `weeks` School Day responses from the guardian and from the teacher, through the API. */
async function clientWithHistory(ctx: BenchContext, base: string, token: string, weeks: number) {
  const birthDate = new Date(Date.now() - 9 * 365.25 * 86_400_000).toISOString().slice(0, 10);
  const intake = await createIntake(base, token, {
    demographics: { clientFirstName: 'Bench', clientLastName: 'Client', birthDate, gender: 'female' },
  });
  const respondents = ['guardian', 'teacher'] as const;
  const jobs = Array.from({ length: weeks }, (_, week) =>
    respondents.map((respondent, i) => ({ week, respondent, i })),
  ).flat();
  let done = 0;
  // a few at a time: the order of submission is the order of the series
  for (let start = 0; start < jobs.length; start += 4) {
    await Promise.all(
      jobs.slice(start, start + 4).map(async ({ week, respondent, i }) => {
        const { id } = (await post(base, `/api/clients/${intake.id}/responses`, token, {
          questionnaireId: 'school-day',
          respondent,
          language: 'tr',
        })) as { id: string };
        await post(base, `/api/responses/${id}/submit`, token, { answers: answersOf(week, i) });
      }),
    );
    done += Math.min(4, jobs.length - start);
    if (done % 100 < 4) ctx.log(`results page: ${done}/${jobs.length} responses submitted`);
  }
  return intake.id;
}

interface ClientViewLike {
  responses: Array<{ id: string; submittedAt?: string | null }>;
  results: Array<{
    scales: Array<{ points: Array<{ responseId: string; submittedAt: string }> }>;
    responses: Array<{ id: string; submittedAt: string }>;
  }>;
}

/** The same client view with its responses a week apart, oldest five years back, in submission order. */
function spreadOverWeeks(view: ClientViewLike): ClientViewLike {
  const order = view.results.flatMap((r) => r.responses.map((response) => response.id));
  const start = Date.now() - WEEKS * WEEK_MS;
  // the guardian and the teacher of one week answer on the same day
  const when = new Map(
    order.map((id, n) => [
      id,
      new Date(start + Math.floor(n / 2) * WEEK_MS + (n % 2) * 3_600_000).toISOString(),
    ]),
  );
  const at = (id: string, fallback: string) => when.get(id) ?? fallback;
  return {
    ...view,
    responses: view.responses.map((r) =>
      r.submittedAt ? { ...r, submittedAt: at(r.id, r.submittedAt) } : r,
    ),
    results: view.results.map((result) => ({
      ...result,
      responses: result.responses.map((r) => ({ ...r, submittedAt: at(r.id, r.submittedAt) })),
      scales: result.scales.map((scale) => ({
        ...scale,
        points: scale.points.map((p) => ({ ...p, submittedAt: at(p.responseId, p.submittedAt) })),
      })),
    })),
  };
}

/**
 * Runs in the page before its scripts: notes when each response body has arrived (text or JSON read), and on each
 * frame whether the flagged answers shown (the latest flagged responses, not all: ADR 147) and every scale's chart
 * marks and table are drawn; the first such frame is the page ready.
 */
const READY_PROBE = pageClockProbe(
  `(() => { const scales = document.querySelectorAll('[data-scale]'); return document.querySelector('[data-flagged] li') !== null && scales.length === ${SCALES} && [...scales].every((s) => s.querySelector('[data-score-chart] [data-mark]') && s.querySelector('table tbody tr')); })()`,
  '__readyAt',
);

/**
 * The page's own files (its HTML and assets/) from `dir` instead of the server's build, with the server's headers:
 * two builds compared load by load in one run, where a shared machine's load drifts between runs.
 */
async function serveAppFrom(page: Page, dir: string): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/'),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      // a file only the server's build has (a chunk the page preloaded before the switch) comes from the server
      if (pathname.startsWith('/assets/'))
        return existsSync(join(dir, pathname))
          ? route.fulfill({ path: join(dir, pathname) })
          : route.continue();
      const response = await route.fetch();
      const html = (response.headers()['content-type'] ?? '').includes('text/html');
      return route.fulfill({
        response,
        body: html ? readFileSync(join(dir, 'index.html')) : await response.body(),
      });
    },
  );
}

/**
 * A CPU profile's self time by function (name, file and line), the heaviest first; only the samples between `from`
 * and `to` (ms on the trace's clock, which the profile shares) when given.
 */
function heaviest(profile: CpuProfile, top: number, from = -Infinity, to = Infinity): string[] {
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at / 1000 < from || at / 1000 > to) return;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0));
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => `${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`);
}

/**
 * A Chromium trace's main-thread work in a window of the page's clock, by event name, the heaviest first: self time
 * (an event's duration less the events inside it), so script, style, layout and paint are told apart.
 */
function traceSelfTimes(events: TraceEvent[], from: number, to: number, top: number): string[] {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const timed = events
    .filter((e) => e.ph === 'X' && e.pid === main?.pid && e.tid === main?.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const open: TraceEvent[] = [];
  for (const event of timed) {
    while (open.length > 0 && (open.at(-1)?.ts ?? 0) + (open.at(-1)?.dur ?? 0) <= event.ts) open.pop();
    const inWindow = (e: TraceEvent) => e.ts / 1000 >= from && e.ts / 1000 <= to;
    const parent = open.at(-1);
    if (parent && inWindow(parent)) self.set(parent.name, (self.get(parent.name) ?? 0) - (event.dur ?? 0));
    if (inWindow(event)) self.set(event.name, (self.get(event.name) ?? 0) + (event.dur ?? 0));
    open.push(event);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => `${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`);
}

/**
 * The main thread's CPU time (the tasks' thread time, not their wall time) of the tasks that end inside a window of
 * the trace's clock: what the page's work costs, which other processes on a shared machine do not stretch as they
 * stretch the wall clock. The task that reads the last body and draws the page in one go (ADR 143) begins before the
 * window and is counted whole (ADR 152); the ready frame's own task, whose style and layout follow the mark, is not.
 */
function mainThreadCpu(events: TraceEvent[], from: number, to: number): number {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const timed = events
    .filter((e) => e.ph === 'X' && e.pid === main?.pid && e.tid === main?.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // the outermost events only (a task and not the work inside it), so nothing is counted twice; the ready frame's
  // own task is left out: its style, layout and paint come after the ready mark (ADR 143)
  let end = Number.NEGATIVE_INFINITY;
  let cpu = 0;
  for (const event of timed) {
    if (event.ts < end) continue;
    end = event.ts + (event.dur ?? 0);
    if (end / 1000 > from && end / 1000 <= to) cpu += event.tdur ?? 0;
  }
  return cpu / 1000;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

interface CpuProfile {
  startTime: number;
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** BENCH_PROFILE's main-thread CPU time of a load, for its log line. */
const cpuSaid = (cpu: number | undefined) =>
  cpu === undefined ? '' : `; main thread CPU ${Math.round(cpu)} ms in that time`;

async function loadOnce(
  browser: Browser,
  base: string,
  email: string,
  clientId: string,
  view: unknown,
  profileTo?: string,
  appDir?: string,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await signIn(page, base, email);
    await page.route(`**/api/clients/${clientId}`, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: view }) : route.continue(),
    );
    if (appDir) await serveAppFrom(page, appDir);
    await page.addInitScript(READY_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const trace: TraceEvent[] = [];
    const traced = profileTo !== undefined || process.env.BENCH_PROFILE !== undefined;
    if (traced) {
      cdp.on('Tracing.dataCollected', ({ value }) => trace.push(...(value as unknown as TraceEvent[])));
      await cdp.send('Tracing.start', {
        categories: 'toplevel,devtools.timeline,blink.user_timing,v8',
        transferMode: 'ReportEvents',
      });
    }
    if (profileTo) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${base}/patients/${clientId}/results/school-day`, { waitUntil: 'commit' });
    await page.waitForFunction(() => typeof (window as { __readyAt?: number }).__readyAt === 'number', null, {
      timeout: 120_000,
      polling: 500,
    });
    const { readyAt, arrivals } = await page.evaluate(() => {
      const w = window as unknown as { __readyAt: number; __arrivals: number[] };
      return { readyAt: w.__readyAt, arrivals: w.__arrivals };
    });
    const arrived = Math.max(...arrivals.filter((t) => t <= readyAt));
    const rows = await page.locator('[data-scale] tbody tr').count();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    let profile: string[] = [];
    let cpu: number | undefined;
    if (traced) {
      // the page's clock on the trace's: a mark made now, beside performance.now() read at the same moment
      const now = await page.evaluate(() => {
        performance.mark('bench-clock');
        return performance.now();
      });
      const taken = profileTo
        ? ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile
        : undefined;
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      const mark = trace.find((e) => e.name === 'bench-clock');
      const shift = mark ? mark.ts / 1000 - now : 0;
      const [from, to] = [arrived + shift, readyAt + shift];
      cpu = mainThreadCpu(trace, from, to);
      if (!profileTo || !taken)
        return { afterData: readyAt - arrived, fromNavigation: readyAt, rows, profile, cpu };
      writeFileSync(profileTo, JSON.stringify(taken));
      profile = [
        `script self time between the data and the ready frame (${Math.round(readyAt - arrived)} ms):`,
        ...heaviest(taken, 20, from, to),
        'main thread by trace event (self time) in the same window:',
        ...traceSelfTimes(trace, from, to, 20),
      ];
    }
    return { afterData: readyAt - arrived, fromNavigation: readyAt, rows, profile, cpu };
  } finally {
    await context.close();
  }
}

/**
 * The client's id and its view spread over the weeks: made through the API, or with BENCH_RESULTS_VIEW=<file> read
 * from that file when it exists (written there otherwise). The page's client view is answered by the bench, so a
 * saved one draws the same page without the minute of submissions; a change of the server's scoring needs a new one.
 */
async function historyOf(ctx: BenchContext, base: string, token: string) {
  const saved = process.env.BENCH_RESULTS_VIEW;
  if (saved && existsSync(saved)) {
    ctx.log(`results page: the client view of ${saved}`);
    return JSON.parse(readFileSync(saved, 'utf8')) as { clientId: string; view: ClientViewLike };
  }
  ctx.log(`results page: ${WEEKS} weeks × 2 informants of School Day through the API`);
  const clientId = await clientWithHistory(ctx, base, token, WEEKS);
  const view = spreadOverWeeks((await getJson(base, `/api/clients/${clientId}`, token)) as ClientViewLike);
  if (saved) writeFileSync(saved, JSON.stringify({ clientId, view }));
  return { clientId, view };
}

export async function resultsPageRows(ctx: BenchContext, productServer: ProductServer): Promise<Row[]> {
  const clientDir = await productBuild(ctx, productServer);
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startBenchServer(ctx.root, { dataDir: tempDataDir(ctx.outDir, 'results'), clientDir });
    const user = await createPractitioner(server.base, 'bench-results@example.com');
    const { clientId, view } = await historyOf(ctx, server.base, user.token);
    const points = view.results[0]?.scales.reduce((n, s) => n + s.points.length, 0) ?? 0;
    if (points !== WEEKS * 2 * SCALES)
      throw new Error(`expected ${WEEKS * 2 * SCALES} scored points, got ${points}`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
    // BENCH_RESULTS_LOADS=<n>: more loads for a paired comparison of two builds
    const loads = Number(process.env.BENCH_RESULTS_LOADS) || (ctx.quick ? 3 : 7);
    const times: number[] = [];
    // BENCH_RESULTS_BEFORE=<a build's dir>: each load of ours is followed by one of that build (logged, not a row)
    const before = process.env.BENCH_RESULTS_BEFORE;
    const beforeTimes: number[] = [];
    for (let i = 0; i < loads; i++) {
      if (before) {
        const other = await loadOnce(browser, server.base, user.email, clientId, view, undefined, before);
        beforeTimes.push(other.afterData);
        ctx.log(
          `results page, build before, load ${i + 1}/${loads}: ready ${Math.round(other.afterData)} ms after the data${cpuSaid(other.cpu)}`,
        );
      }
      // BENCH_PROFILE=1: the last load is profiled (a .cpuprofile for Chromium's DevTools, its heaviest functions logged)
      const profileTo =
        process.env.BENCH_PROFILE && i === loads - 1
          ? join(ctx.outDir, 'results-page.cpuprofile')
          : undefined;
      const load = await loadOnce(
        browser,
        server.base,
        user.email,
        clientId,
        view,
        profileTo,
        before && clientDir,
      );
      times.push(load.afterData);
      ctx.log(
        `results page load ${i + 1}/${loads}: ready ${Math.round(load.afterData)} ms after the data (${Math.round(load.fromNavigation)} ms from navigation, ${load.rows} table rows)${cpuSaid(load.cpu)}`,
      );
      if (load.profile.length > 0)
        ctx.log(`results page, self time of the profiled load:\n${load.profile.join('\n')}`);
    }
    const ours = spread(times);
    if (before) {
      const then = spread(beforeTimes);
      ctx.log(
        `results page: ours ${Math.round(ours.median)} ms, the build before ${Math.round(then.median)} ms (medians)`,
      );
    }
    return [
      {
        section: '6',
        metric: METRIC,
        unit: 'ms',
        ours,
        target: { text: `≤ ${TARGET_MS} ms`, met: ours.median <= TARGET_MS },
        note: `median of ${loads} loads at 1280 px; the page's own clock, from the last API body it holds to the frame with the flagged answers shown and every chart and table`,
      },
    ];
  } finally {
    await browser?.close();
    await server?.proc.stop();
  }
}
