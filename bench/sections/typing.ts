/**
 * Section 3: typing cost in Chromium (Debian's binary, headless), CPU slowed 4x through the DevTools
 * protocol. Per keystroke: ScriptDuration, LayoutDuration and TaskDuration deltas of `Performance.getMetrics`
 * around the key and the frame after it, plus keydown-to-next-frame time measured in the page (reported,
 * too noisy to steer by). Pages: the product's intake screen (a verified practitioner and a record created
 * through the API), the product's SchemaForm on a bench page, plain RJSF with live validation, and bare
 * controlled fields (the floor). The product's text fields hand their text to the form when typing pauses
 * (ADR 006): after each field the bench pauses and measures that hand-over apart, once per pause.
 */
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type CDPSession, chromium, type Page, type Response } from 'playwright-core';
import { createIntake, createPractitioner } from '../lib/api-client';
import { runToEnd } from '../lib/processes';
import type { Row } from '../lib/results';
import type { ProductServer, RunningServer } from '../lib/servers';
import { serveStatic } from '../lib/static-server';
import { type Spread, single, spread } from '../lib/stats';
import { initialScriptsOnTheWire } from '../lib/wire';
import { LIMITS_KB } from './bundle';
import type { BenchContext } from './context';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const THROTTLE = 4;
/** Longer than the product's typing pause (300 ms, `TEXT_COMMIT_DELAY`), so the text reaches the form. */
const PAUSE_MS = 600;
const TEXT =
  'She has been avoiding school for six months, complains of stomach aches in the morning and sleeps badly. ';

interface FieldPlan {
  name: string;
  form: 'complaint-history' | 'medical-history';
  /** Field id suffixes and how many characters go into each. */
  fields: Array<{ id: string; chars: number }>;
}

function plans(total: number): FieldPlan[] {
  const third = Math.round(total / 3);
  return [
    {
      name: 'complaint description',
      form: 'complaint-history',
      fields: [{ id: 'complaintDescription', chars: total }],
    },
    {
      name: 'medication row',
      form: 'medical-history',
      fields: [
        { id: 'currentMedications_0_name', chars: third },
        { id: 'currentMedications_0_dosage', chars: third },
        { id: 'currentMedications_0_frequency', chars: total - 2 * third },
      ],
    },
  ];
}

export interface TypingSample {
  script: Spread;
  layout: Spread;
  task: Spread;
  frame: Spread;
  /** Script of each typing pause after a field: what the form does once it hears of the text. */
  pause: Spread;
  /** All script of the run (keys and pauses) divided by the keys. */
  scriptPerKeyWithPauses: number;
  keystrokes: number;
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: Array<{ name: string; value: number }>;
  };
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Records keydown-to-next-frame times in the page (a frame after the key's work, then a macrotask). */
const FRAME_PROBE = () => {
  const w = window as unknown as { __frames: number[] };
  w.__frames = [];
  document.addEventListener(
    'keydown',
    () => {
      const start = performance.now();
      requestAnimationFrame(() => setTimeout(() => w.__frames.push(performance.now() - start), 0));
    },
    true,
  );
};

const NEXT_FRAME = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function typeAndMeasure(page: Page, plan: FieldPlan): Promise<TypingSample> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.evaluate(FRAME_PROBE);
  const script: number[] = [];
  const layout: number[] = [];
  const task: number[] = [];
  const pauses: number[] = [];
  let offset = 0;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  try {
    for (const field of plan.fields) {
      const locator = page.locator(`[id$="${field.id}"]`).first();
      await locator.click();
      await page.evaluate(NEXT_FRAME);
      for (let i = 0; i < field.chars; i++) {
        const char = TEXT[(offset + i) % TEXT.length] as string;
        const before = await metrics(cdp);
        await page.keyboard.type(char);
        await page.evaluate(NEXT_FRAME);
        const after = await metrics(cdp);
        script.push(((after.ScriptDuration ?? 0) - (before.ScriptDuration ?? 0)) * 1000);
        layout.push(((after.LayoutDuration ?? 0) - (before.LayoutDuration ?? 0)) * 1000);
        task.push(((after.TaskDuration ?? 0) - (before.TaskDuration ?? 0)) * 1000);
      }
      offset += field.chars;
      const beforePause = await metrics(cdp);
      await page.waitForTimeout(PAUSE_MS);
      await page.evaluate(NEXT_FRAME);
      const afterPause = await metrics(cdp);
      pauses.push(((afterPause.ScriptDuration ?? 0) - (beforePause.ScriptDuration ?? 0)) * 1000);
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  const frames = (await page.evaluate(
    () => (window as unknown as { __frames: number[] }).__frames,
  )) as number[];
  const typed = await page.locator(`[id$="${plan.fields[0]?.id}"]`).first().inputValue();
  if (typed.length < Math.min(5, plan.fields[0]?.chars ?? 0))
    throw new Error(`typing did not reach ${plan.fields[0]?.id}`);
  await cdp.detach();
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    script: spread(script),
    layout: spread(layout),
    task: spread(task),
    frame: spread(frames),
    pause: spread(pauses),
    scriptPerKeyWithPauses: (sum(script) + sum(pauses)) / Math.max(1, script.length),
    keystrokes: script.length,
  };
}

interface ProductTarget {
  server: RunningServer;
  email: string;
  password: string;
  intakeId: string;
}

async function loginThroughUi(page: Page, target: ProductTarget): Promise<void> {
  await page.goto(`${target.server.base}/login`);
  await page.locator('[id$="email"]').first().fill(target.email);
  await page.locator('input[type="password"]').first().fill(target.password);
  await page.locator('form button[type="submit"]').first().click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
}

/** Opens a page; answers false when its first field does not appear (a screen that is not built yet). */
async function open(page: Page, url: string, plan: FieldPlan, timeoutMs: number): Promise<boolean> {
  await page.goto(url);
  try {
    await page
      .locator(`[id$="${plan.fields[0]?.id}"]`)
      .first()
      .waitFor({ state: 'visible', timeout: timeoutMs });
    return true;
  } catch {
    return false;
  }
}

/** Gzip KB (level 6) of every script Chromium fetches while `go` runs, with its cache off. */
async function jsFetched(page: Page, go: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const sizes: Array<Promise<number>> = [];
  const onResponse = (response: Response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) {
      sizes.push(
        response
          .body()
          .then((body) => gzipSync(body, { level: 6 }).length)
          .catch(() => 0),
      );
    }
  };
  page.on('response', onResponse);
  try {
    await go();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
    await cdp.detach();
  }
  return (await Promise.all(sizes)).reduce((a, b) => a + b, 0) / 1024;
}

/** Section 1's check in the browser: the scripts `/login` and an intake section really load. */
async function jsFetchedRows(browser: Browser, target: ProductTarget): Promise<Row[]> {
  const measure = async (before: ((page: Page) => Promise<void>) | null, path: string, field: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await before?.(page);
      return await jsFetched(page, async () => {
        await page.goto(`${target.server.base}${path}`);
        await page.locator(`[id$="${field}"]`).first().waitFor({ state: 'visible', timeout: 30_000 });
      });
    } finally {
      await context.close();
    }
  };
  const login = await measure(null, '/login', 'email');
  const intake = await measure(
    (page) => loginThroughUi(page, target),
    `/client-intake/${target.intakeId}/complaint-history`,
    'complaintDescription',
  );
  const row = (name: string, kb: number): Row => {
    const limit = LIMITS_KB[name]?.total as number;
    return {
      section: '1',
      metric: `JS fetched by Chromium, ${name} (gzip)`,
      unit: 'KB',
      ours: single(kb),
      target: { text: `≤ ${limit} KB`, met: kb <= limit },
      note: 'every script the page loads until the network is idle, cache off (checks the manifest rows)',
    };
  };
  return [row('/login', login), row('intake section (complaint history)', intake)];
}

export interface TypingOutcome {
  rows: Row[];
  details: Record<string, unknown>;
}

function fmt(s: Spread): string {
  return `${s.median.toFixed(2)} [${s.p25.toFixed(2)}–${s.p75.toFixed(2)}]`;
}

export async function typingSection(ctx: BenchContext, productServer: ProductServer): Promise<TypingOutcome> {
  const vite = join(ctx.root, 'node_modules/.bin/vite');
  ctx.log('building the typing pages (bench/typing-pages)');
  await runToEnd(
    'vite build (typing pages)',
    vite,
    ['build', '--config', 'bench/typing-pages/vite.config.ts'],
    {
      cwd: ctx.root,
      env: { ...process.env, NODE_ENV: 'production' },
      timeoutMs: 180_000,
    },
  );
  const pages = await serveStatic(join(ctx.outDir, 'typing-pages'));
  const chars = ctx.quick ? 12 : 300;
  // the floor (and SchemaForm alone, beside the screen) are steady: fewer keys keep the full run short
  const secondaryChars = ctx.quick ? 12 : 90;
  let browser: Browser | undefined;
  let product: ProductTarget | undefined;
  const details: Record<string, unknown> = { keystrokesPerField: chars, cpuThrottling: THROTTLE };
  const rows: Row[] = [];
  try {
    if (productServer.clientDir) {
      ctx.log(
        'product server with the built client (PGlite); a verified practitioner and an intake via the API',
      );
      const server = await productServer.get();
      const user = await createPractitioner(server.base, 'bench-typing@example.com');
      const intake = await createIntake(server.base, user.token, {
        complaintHistory: {},
        medicalHistory: { currentMedications: [{ id: 'row-1' }] },
      });
      product = { server, email: user.email, password: user.password, intakeId: intake.id };
      const wire = await initialScriptsOnTheWire(server.base, '/login');
      rows.push({
        section: '1',
        metric: 'JS on the wire, /login initial, as the product server sends it',
        unit: 'KB',
        ours: single(wire.sentKb),
        reference: { label: 'same files gzipped', value: single(wire.gzipKb) },
        target: { text: '≤ 150 KB', met: wire.sentKb <= 150 },
        note: `content-encoding: ${wire.encodings.join(', ')} with accept-encoding gzip, deflate, br, zstd`,
      });
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
    if (product) rows.push(...(await jsFetchedRows(browser, product)));

    const shortPlans = plans(secondaryChars);
    for (const [index, plan] of plans(chars).entries()) {
      const measured: Record<string, TypingSample | string> = {};
      const run = async (
        label: string,
        url: string,
        before?: (page: Page) => Promise<void>,
        runPlan: FieldPlan = plan,
      ) => {
        const context = await (browser as Browser).newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        try {
          await before?.(page);
          if (!(await open(page, url, runPlan, 20_000)))
            return `not reachable: no field ${runPlan.fields[0]?.id} at ${new URL(url).pathname}`;
          const count = runPlan.fields.reduce((n, f) => n + f.chars, 0);
          ctx.log(`typing ${count} characters into the ${runPlan.name}: ${label}`);
          return await typeAndMeasure(page, runPlan);
        } finally {
          await context.close();
        }
      };
      if (product) {
        const target = product;
        measured.product = await run(
          'product intake screen',
          `${target.server.base}/client-intake/${target.intakeId}/${plan.form}`,
          (page) => loginThroughUi(page, target),
        ).catch((error: Error) => `failed: ${error.message.split('\n')[0]}`);
      } else {
        measured.product = 'not run: no product build';
      }
      // the quick run keeps the harness working; the bench page is only a fallback there
      const skipBenchPage = ctx.quick && typeof measured.product === 'object';
      measured.schemaForm = skipBenchPage
        ? 'skipped in the quick run'
        : await run(
            'product SchemaForm (bench page)',
            `${pages.base}/bench/typing-pages/schema-form.html?form=${plan.form}`,
            undefined,
            // a diagnostic beside the screen: fewer keys; the fallback for the screen: all of them
            typeof measured.product === 'object' ? shortPlans[index] : plan,
          );
      measured.rjsf = await run(
        'plain RJSF, live validation',
        `${pages.base}/bench/typing-pages/rjsf.html?form=${plan.form}`,
      );
      measured.floor = await run(
        'bare controlled fields',
        `${pages.base}/bench/typing-pages/textarea.html?form=${plan.form}`,
        undefined,
        shortPlans[index],
      );
      details[plan.name] = measured;

      const rjsf = typeof measured.rjsf === 'object' ? measured.rjsf : null;
      const floor = typeof measured.floor === 'object' ? measured.floor : null;
      const productSample = typeof measured.product === 'object' ? measured.product : null;
      const schemaForm = typeof measured.schemaForm === 'object' ? measured.schemaForm : null;
      const ours = productSample ?? schemaForm;
      const which = productSample ? 'intake screen' : 'SchemaForm bench page';
      const fallbackNote = productSample
        ? ''
        : ` Intake screen ${String(measured.product)}; measured the product's SchemaForm on a bench page instead.`;
      const floorNote = floor
        ? ` Floor (bare controlled field, ${floor.keystrokes} keys): script ${fmt(floor.script)}, layout ${fmt(floor.layout)}, task ${fmt(floor.task)} ms.`
        : '';
      const frameNote = [
        ours ? `ours ${ours.frame.median.toFixed(1)}` : '',
        rjsf ? `RJSF ${rjsf.frame.median.toFixed(1)}` : '',
        floor ? `floor ${floor.frame.median.toFixed(1)}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      const pauseNote =
        ours && rjsf
          ? ` Typing pause after each field (the text reaching the form): ours ${ours.pause.median.toFixed(1)} ms once; all script over the keys, pauses included: ours ${ours.scriptPerKeyWithPauses.toFixed(2)}, RJSF ${rjsf.scriptPerKeyWithPauses.toFixed(2)} ms a key.`
          : '';
      rows.push({
        section: '3',
        metric: `typing ${chars} chars, ${plan.name}: script per key (${which})`,
        unit: 'ms',
        ours: ours?.script ?? null,
        reference: { label: 'plain RJSF', value: rjsf?.script ?? null },
        target: {
          text: '≤ 0.5 × plain RJSF',
          met: ours && rjsf ? ours.script.median <= 0.5 * rjsf.script.median : null,
        },
        note: `CPU ${THROTTLE}x slower.${fallbackNote}${floorNote}${pauseNote} Keydown-to-next-frame medians (not steered by): ${frameNote} ms.`,
      });
      rows.push({
        section: '3',
        metric: `  layout per key`,
        unit: 'ms',
        ours: ours?.layout ?? null,
        reference: { label: 'plain RJSF', value: rjsf?.layout ?? null },
      });
      rows.push({
        section: '3',
        metric: `  task per key`,
        unit: 'ms',
        ours: ours?.task ?? null,
        reference: { label: 'plain RJSF', value: rjsf?.task ?? null },
      });
      if (productSample && schemaForm) {
        rows.push({
          section: '3',
          metric: `  script per key, SchemaForm alone (bench page, ${schemaForm.keystrokes} keys)`,
          unit: 'ms',
          ours: schemaForm.script,
          reference: { label: 'plain RJSF', value: rjsf?.script ?? null },
        });
      }
    }
  } finally {
    await browser?.close();
    await pages.close();
  }
  return { rows, details };
}
