/**
 * Section 1: JavaScript shipped, gzip, from production builds with a Vite manifest. Initial JS is the entry
 * chunk and its static imports (what index.html loads before anything renders); a route's total adds the
 * lazily imported chunks of its feature and form. The product is built with bench/vite.app.config.ts (the
 * project config plus a manifest); the reference is bench/reference-app (React, router, plain RJSF).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { lazyWidgetNamed } from '../../src/client/forms/widgets/widget-table';
import { hasArray } from '../../src/forms/has-array';
import { widgetNamesOf } from '../../src/forms/ui-schema';
import { runToEnd } from '../lib/processes';
import type { Row } from '../lib/results';
import { single } from '../lib/stats';
import type { BenchContext } from './context';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A route: which lazily imported source modules it needs beyond the entry. */
interface RouteSpec {
  name: string;
  /** The HTML page the route starts from (the product has two: index.html, respond.html); default index.html. */
  entry?: string;
  /** Matches the `src` of dynamic entries the route loads (its feature folder, its form's validators). */
  needs: RegExp;
  /**
   * The form version the route draws (`schemas/<id>/v<N>.ui.json`): of the lazily loaded widgets
   * (`src/client/forms/widgets/<name>-widget.tsx`, ADR 098) it loads only those its UI schema names.
   */
  form?: string;
}

/** `pastDate` -> `past-date-widget.tsx`: a lazily loaded widget's module, by the widgets folder's naming. */
const widgetModule = (name: string) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-widget.tsx`;

/** The route's form version's schema or UI schema file. */
function formFile(form: string, kind: 'schema' | 'ui'): unknown {
  const at = form.lastIndexOf('@');
  return JSON.parse(
    readFileSync(join('schemas', form.slice(0, at), `v${form.slice(at + 1)}.${kind}.json`), 'utf8'),
  );
}

/**
 * Whether a dynamic entry is one the route loads: its `needs`, less the widgets its form does not name and
 * RJSF's array field when its form has no array (fetched with the form's pieces for those that have, ADR 139).
 */
function routeLoads(route: RouteSpec, src: string): boolean {
  if (!route.needs.test(src)) return false;
  if (route.form && /src\/client\/forms\/fields\/array-field\.tsx$/.test(src))
    return hasArray(formFile(route.form, 'schema'));
  const widget = /src\/client\/forms\/widgets\/([^/]+)$/.exec(src);
  if (!widget || !route.form) return true;
  const ui = formFile(route.form, 'ui');
  return widgetNamesOf(ui).some((name) => widgetModule(lazyWidgetNamed(name) ?? name) === widget[1]);
}

// a route needs its feature folder, what every SchemaForm page loads (less the respondent page's engine, which
// only that page imports), its own form version (validators, schema, texts) and the interface texts in one
// language (English; Turkish files are a little larger)
const ROUTES: RouteSpec[] = [
  {
    name: '/login',
    form: 'auth/login@1',
    needs:
      /src\/client\/features\/auth\/|src\/client\/(forms\/(?!questionnaire-engine)|i18n\/)|virtual:form-validators\/auth\/login@|schemas\/auth\/login\/|locales\/en\/(common|account|widgets|auth\/login)\.json(?!\?)/,
  },
  {
    name: 'intake section (complaint history)',
    form: 'intake/complaint-history@1',
    // the section navigation shows every section's title: all intake forms' titles (`?form-titles`), one
    // form's schema and texts; the signed-in frame is a chunk of its own; the summary page is a screen of its own
    needs:
      /src\/client\/features\/intake\/(?!intake-summary-)|src\/client\/(forms\/(?!questionnaire-engine)|i18n\/)|src\/client\/app\/account-layout|virtual:form-validators\/intake\/complaint-history@|schemas\/intake\/complaint-history\/|locales\/en\/(common|account|widgets|intake|intake\/complaint-history)\.json(?!\?)|locales\/en\/intake\/[^/]+\.json\?form-titles/,
  },
  {
    name: 'questionnaire response (home routines)',
    form: 'questionnaires/home-routines@1',
    // filling a questionnaire in session: the response screen, the questionnaire form, the one questionnaire's
    // schema, validator and texts, and the interface texts of the screen
    needs:
      /src\/client\/features\/patients\/response-page|src\/client\/(forms\/(?!questionnaire-engine)|i18n\/)|src\/client\/app\/account-layout|virtual:form-validators\/questionnaires\/home-routines@|schemas\/questionnaires\/home-routines\/|locales\/en\/(common|account|widgets|questionnaires|questionnaires\/home-routines)\.json(?!\?)/,
  },
];

// the public page a respondent opens from a link (ADR 096): its own entry, the questionnaire form, the one
// questionnaire's schema, validator and texts, in the link's language (Turkish here); its engine indexes the
// questionnaires alone (questionnaire-engine.ts), not the app's every form (app-engine.ts)
ROUTES.push({
  name: 'respondent page (home routines, tr)',
  entry: 'respond.html',
  form: 'questionnaires/home-routines@1',
  needs:
    /src\/client\/respond\/|src\/client\/(forms\/(?!app-engine)|i18n\/)|virtual:form-validators\/questionnaires\/home-routines@|schemas\/questionnaires\/home-routines\/|locales\/tr\/(common|widgets|respond|questionnaires\/home-routines)\.json(?!\?)/,
});

/** Each route's budget: the total it downloads, and what loads before anything renders where that is stricter. */
export const LIMITS_KB: Record<string, { initial: number; total: number }> = {
  'respondent page (home routines, tr)': { initial: 150, total: 150 },
  // the public frame paints from 150 KB; the login form's engine and texts follow within 200 KB
  '/login': { initial: 150, total: 200 },
  'intake section (complaint history)': { initial: 220, total: 220 },
  'questionnaire response (home routines)': { initial: 220, total: 220 },
};

export interface BuiltApp {
  dir: string;
  manifest: Manifest;
  /** gzip bytes per emitted JS file (level 6, zlib's default, as a server would compress on the fly). */
  gzip: Map<string, number>;
}

function readBuild(dir: string): BuiltApp {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gzip = new Map<string, number>();
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.js') && !gzip.has(chunk.file)) {
      gzip.set(chunk.file, gzipSync(readFileSync(join(dir, chunk.file)), { level: 6 }).length);
    }
  }
  return { dir, manifest, gzip };
}

/** Manifest keys reachable from `keys` through static imports. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** The route's HTML entry when the build has it, else every entry (the reference app has one). */
function entryKeys(manifest: Manifest, entry = 'index.html'): string[] {
  if (manifest[entry]?.isEntry) return [entry];
  return Object.entries(manifest)
    .filter(([, c]) => c.isEntry)
    .map(([key]) => key);
}

function kb(app: BuiltApp, keys: Set<string>): number {
  const files = new Set(
    [...keys].map((k) => app.manifest[k]?.file).filter((f): f is string => !!f && f.endsWith('.js')),
  );
  let bytes = 0;
  for (const file of files) bytes += app.gzip.get(file) ?? 0;
  return bytes / 1024;
}

/** Initial and route-total KB: entry closure, then dynamic entries the route needs (and theirs), transitively. */
export function routeKb(
  app: BuiltApp,
  route: RouteSpec,
): { initial: number; total: number; lazyChunks: number } {
  const initial = staticClosure(app.manifest, entryKeys(app.manifest, route.entry));
  const total = new Set(initial);
  const queue = Object.entries(app.manifest)
    .filter(([key, c]) => c.isDynamicEntry && routeLoads(route, c.src ?? key))
    .map(([key]) => key);
  while (queue.length > 0) {
    const key = queue.shift() as string;
    if (total.has(key)) continue;
    for (const k of staticClosure(app.manifest, [key])) total.add(k);
    for (const next of app.manifest[key]?.dynamicImports ?? []) {
      const chunk = app.manifest[next];
      if (chunk && routeLoads(route, chunk.src ?? next)) queue.push(next);
    }
  }
  return { initial: kb(app, initial), total: kb(app, total), lazyChunks: total.size - initial.size };
}

/** The largest contributors to the product bundle (gzip of each module alone, summed per package). */
function breakdown(dir: string): Array<{ module: string; kb: number }> {
  const file = join(dir, '.vite/modules.json');
  if (!existsSync(file)) return [];
  const chunks = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, number>>;
  const groups = new Map<string, number>();
  for (const modules of Object.values(chunks)) {
    for (const [id, size] of Object.entries(modules)) {
      const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
      const key = nm
        ? nm[1]
        : id.includes('virtual:form-validators')
          ? 'virtual:form-validators (all forms)'
          : id
              .replace(/^.*\/work\/main\//, '')
              .split('/')
              .slice(0, 3)
              .join('/');
      groups.set(key as string, (groups.get(key as string) ?? 0) + size);
    }
  }
  return [...groups.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([module, size]) => ({ module, kb: Math.round(size / 102.4) / 10 }));
}

export interface BundleOutcome {
  rows: Row[];
  product: BuiltApp | null;
  details: Record<string, unknown>;
}

export async function bundleSection(ctx: BenchContext): Promise<BundleOutcome> {
  const vite = join(ctx.root, 'node_modules/.bin/vite');
  const productDir = join(ctx.outDir, 'app');
  const referenceDir = join(ctx.outDir, 'reference-app');
  const notes: string[] = [];
  let product: BuiltApp | null = null;
  let productError = '';
  const env = { ...process.env, NODE_ENV: 'production' };
  try {
    ctx.log('building the product client (bench/vite.app.config.ts)');
    await runToEnd('vite build (product)', vite, ['build', '--config', 'bench/vite.app.config.ts'], {
      cwd: ctx.root,
      env,
      timeoutMs: 180_000,
    });
    // as `npm run build` does: the .br/.gz copies the server sends (the "on the wire" row)
    await runToEnd('compress (product)', process.execPath, ['scripts/compress-client.mjs', productDir], {
      cwd: ctx.root,
      env,
      timeoutMs: 120_000,
    });
    product = readBuild(productDir);
  } catch (error) {
    productError = (error as Error).message.split('\n').slice(0, 6).join(' ');
  }
  ctx.log('building the reference app (bench/reference-app)');
  await runToEnd(
    'vite build (reference)',
    vite,
    ['build', '--config', 'bench/reference-app/vite.config.ts'],
    {
      cwd: ctx.root,
      env,
      timeoutMs: 180_000,
    },
  );
  const reference = readBuild(referenceDir);
  // floors: what React and the router, and then RJSF without an Ajv compiler, cost before any app code
  const floors: Record<string, number> = {};
  for (const entry of ['floor', 'rjsf-core']) {
    await runToEnd(
      `vite build (${entry})`,
      vite,
      ['build', '--config', 'bench/reference-app/vite.config.ts'],
      {
        cwd: ctx.root,
        env: { ...env, BENCH_REFERENCE_ENTRY: entry },
        timeoutMs: 180_000,
      },
    );
    const floor = readBuild(join(ctx.outDir, `reference-${entry}`));
    floors[entry] = routeKb(floor, { name: entry, needs: /$^/ }).initial;
  }
  const floorNote = `floors: React + router ${floors.floor?.toFixed(0)} KB, + RJSF with a precompiled validator ${floors['rjsf-core']?.toFixed(0)} KB`;
  const configText = readFileSync(join(ctx.root, 'vite.config.ts'), 'utf8');
  if (!configText.includes('formValidators')) {
    notes.push('vite.config.ts has no formValidators() yet: the bench config adds it so the client builds');
  }

  const rows: Row[] = [];
  for (const route of ROUTES) {
    const limit = LIMITS_KB[route.name] as { initial: number; total: number };
    const ours = product ? routeKb(product, route) : null;
    const ref = routeKb(reference, { ...route, needs: /$^/ });
    const note = product
      ? `${ours?.lazyChunks ?? 0} lazy chunk(s) for the route; ${floorNote}; gzip level 6${notes.length ? `; ${notes.join('; ')}` : ''}`
      : `product build failed: ${productError}`;
    rows.push({
      section: '1',
      metric: `JS shipped, ${route.name}: initial (gzip)`,
      unit: 'KB',
      ours: ours ? single(ours.initial) : null,
      reference: { label: 'React+router+plain RJSF', value: single(ref.initial) },
      target: { text: `≤ ${limit.initial} KB`, met: ours ? ours.initial <= limit.initial : null },
    });
    rows.push({
      section: '1',
      metric: `JS shipped, ${route.name}: total (gzip)`,
      unit: 'KB',
      ours: ours ? single(ours.total) : null,
      reference: { label: 'React+router+plain RJSF', value: single(ref.total) },
      target: { text: `≤ ${limit.total} KB`, met: ours ? ours.total <= limit.total : null },
      note,
    });
  }
  const allJs = product ? [...product.gzip.values()].reduce((a, b) => a + b, 0) / 1024 : Number.NaN;
  return {
    rows,
    product,
    details: {
      productChunks: product
        ? Object.fromEntries([...product.gzip].map(([f, b]) => [f, Math.round(b / 102.4) / 10]))
        : null,
      productAllJsKb: Math.round(allJs * 10) / 10,
      productLargestModules: breakdown(productDir),
      floorsKb: floors,
      referenceChunks: Object.fromEntries(
        [...reference.gzip].map(([f, b]) => [f, Math.round(b / 102.4) / 10]),
      ),
    },
  };
}
