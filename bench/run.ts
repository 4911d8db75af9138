/**
 * `npm run bench [-- --quick] [-- --only=1,3]`: measures what users feel, each figure beside a reference
 * measured in the same run, prints one table and writes bench/results.json. Numbers never fail the run;
 * only a broken harness does (exit 1). Everything started here is stopped here, on loopback, bounded in time.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { retriedCalls } from './lib/api-client';
import { stopAll } from './lib/processes';
import { markdownTable, notesOf, type Row } from './lib/results';
import { ProductServer, tempDataDir } from './lib/servers';
import { type ApiOutcome, apiSection } from './sections/api';
import { bundleSection } from './sections/bundle';
import type { BenchContext } from './sections/context';
import { fhirSection } from './sections/fhir';
import { patientsSection } from './sections/patients';
import { reportsSection } from './sections/reports';
import { respondentLoadRows } from './sections/respondent-load';
import { resultsPageRows } from './sections/results-page';
import { scoringRows } from './sections/scoring';
import { startupSection } from './sections/startup';
import { typingSection } from './sections/typing';
import { validationSection } from './sections/validation';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const runs = (section: string) => !only || only.includes(section);

const outDir = join(root, 'bench/.out');
mkdirSync(outDir, { recursive: true });
// database folders and generated validators of earlier runs (each run makes its own)
for (const entry of readdirSync(outDir)) {
  if (/^(data-|pglite-baseline-|validators$)/.test(entry))
    rmSync(join(outDir, entry), { recursive: true, force: true });
}
const t0 = performance.now();
const ctx: BenchContext = {
  quick,
  root,
  outDir,
  databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
  log: (message) =>
    process.stderr.write(
      `[bench ${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${message}\n`,
    ),
};

// a harness that hangs is broken: stop everything and fail
const watchdog = setTimeout(
  () => {
    ctx.log('time limit reached: stopping everything');
    void stopAll().finally(() => process.exit(1));
  },
  (quick ? 6 : 25) * 60_000,
);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));
}

const rows: Row[] = [];
const details: Record<string, unknown> = {};
const broken: string[] = [];

async function section<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
  const start = performance.now();
  try {
    return await fn();
  } catch (error) {
    const message = (error as Error).stack ?? String(error);
    broken.push(`${name}: ${message}`);
    ctx.log(`section ${name} broke: ${message}`);
    return undefined;
  } finally {
    details[`seconds:${name}`] = Math.round((performance.now() - start) / 100) / 10;
  }
}

const productServer = new ProductServer(root, () => tempDataDir(outDir, 'pglite'), undefined);
if (runs('1')) {
  const bundle = await section('1 bundle', () => bundleSection(ctx));
  if (bundle) {
    rows.push(...bundle.rows);
    details.bundle = bundle.details;
    productServer.clientDir = bundle.product?.dir;
  }
  const respondent = await section('1 respondent page load', () => respondentLoadRows(ctx, productServer));
  if (respondent) rows.push(...respondent);
}
if (runs('2')) {
  const validation = await section('2 validation', () => validationSection(ctx));
  if (validation) rows.push(...validation);
  const scoring = await section('2 scoring', async () => scoringRows(ctx));
  if (scoring) rows.push(...scoring);
}
if (runs('3')) {
  const typing = await section('3 typing', () => typingSection(ctx, productServer));
  if (typing) {
    rows.push(...typing.rows);
    details.typing = typing.details;
  }
}
let api: ApiOutcome | undefined;
if (runs('4') || runs('5')) {
  api = await section('4 api', () => apiSection(ctx, productServer));
  if (api && runs('4')) {
    rows.push(...api.rows);
    details.api = api.details;
  }
  broken.push(...(api?.errors ?? []).map((e) => `4 api, ${e}`));
}
if (runs('6')) {
  const results = await section('6 results page', () => resultsPageRows(ctx, productServer));
  if (results) rows.push(...results);
}
if (runs('9')) {
  const patients = await section('9 patients', () => patientsSection(ctx, productServer));
  if (patients) rows.push(...patients);
}
await productServer.stop();
if (runs('5')) {
  const startup = await section('5 start and memory', () =>
    startupSection(ctx, api?.dbs ?? [], productServer.usedDataDir),
  );
  if (startup) rows.push(...startup);
}
if (runs('7')) {
  const reports = await section('7 reports', () => reportsSection(ctx));
  if (reports) rows.push(...reports);
}
if (runs('8')) {
  const fhir = await section('8 fhir export', () => fhirSection(ctx));
  if (fhir) rows.push(...fhir);
}
await stopAll();
if (retriedCalls.length > 0) details.retriedSetupCalls = retriedCalls;

rows.sort((a, b) => Number(a.section) - Number(b.section));
const table = markdownTable(rows);
const notes = notesOf(rows);
const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  loadAverageAtEnd: loadavg().map((l) => Math.round(l * 100) / 100),
  node: process.version,
};
process.stdout.write(
  `\n${table}\n\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}\n\n` +
    `Mode: ${quick ? 'quick' : 'full'}; ${machine.cpus} CPUs, load average ${machine.loadAverageAtEnd.join(' ')}; ` +
    `${((performance.now() - t0) / 1000).toFixed(0)} s.\n`,
);
// only a full run of every section replaces the committed figures; quick and partial runs write to bench/.out
const resultsFile = !quick && !only ? join(root, 'bench/results.json') : join(outDir, 'results.json');
writeFileSync(
  resultsFile,
  `${JSON.stringify({ generatedAt: new Date().toISOString(), mode: quick ? 'quick' : 'full', machine, rows, notes, details, broken }, null, 2)}\n`,
);
process.stdout.write(`Figures written to ${resultsFile.slice(root.length + 1)}.\n`);
if (broken.length > 0) {
  process.stderr.write(`\nThe harness broke in ${broken.length} section(s):\n${broken.join('\n')}\n`);
  process.exit(1);
}
process.exit(0);
