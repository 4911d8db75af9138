/**
 * Section 5: start time of `npm run serve` (to the first 200 on /api/config) on each database, after the
 * server build `npm start` runs first, and the server's RSS after the auto-save load (taken in section 4)
 * beside an empty PGlite in a bare Node process. The references are built and started the same way.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { createBenchDatabase } from '../lib/postgres';
import { largestRssInTree, runToEnd, startProcess } from '../lib/processes';
import type { Row } from '../lib/results';
import { benchProgram, startBareFastify, startNpmServe, tempDataDir } from '../lib/servers';
import { single, spread } from '../lib/stats';
import type { DbOutcome } from './api';
import type { BenchContext } from './context';

const START_TARGET_S = 3;
const RSS_TARGET_MB = 300;

/** An empty PGlite opened in a bare Node process (the floor of any PGlite server): RSS and time to open. */
async function pgliteBaseline(ctx: BenchContext): Promise<{ rssMb: number; openS: number }> {
  const dir = mkdtempSync(join(ctx.outDir, 'pglite-baseline-'));
  const program = await benchProgram(ctx.root, 'pglite-baseline');
  await runToEnd('pglite create', process.execPath, [program], {
    cwd: ctx.root,
    env: { ...process.env, BENCH_PGLITE_DIR: dir, BENCH_PGLITE_CREATE: '1' },
    timeoutMs: 120_000,
  });
  const proc = startProcess('pglite baseline', process.execPath, [program], {
    cwd: ctx.root,
    env: { ...process.env, BENCH_PGLITE_DIR: dir },
  });
  try {
    const start = performance.now();
    while (!proc.output().includes('ready')) {
      if (performance.now() - start > 60_000)
        throw new Error(`PGlite baseline did not open:\n${proc.output()}`);
      if (proc.child.exitCode !== null) throw new Error(`PGlite baseline exited:\n${proc.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const openS = (performance.now() - start) / 1000;
    await new Promise((r) => setTimeout(r, 300));
    return { rssMb: largestRssInTree(proc.pid), openS };
  } finally {
    await proc.stop();
  }
}

/**
 * Seconds to the first 200, `runs` times; the first run on a fresh database also creates and migrates it
 * (`existing`: the folder already holds one, so every run is a restart).
 */
async function startTimes(
  ctx: BenchContext,
  runs: number,
  databaseUrl: string | undefined,
  dataDir: string,
  existing = false,
) {
  const fresh: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startNpmServe(ctx.root, { dataDir, databaseUrl });
    (i === 0 && !existing ? fresh : warm).push(server.startMs / 1000);
    await server.proc.stop();
  }
  return { fresh, warm };
}

/** Spawn to first 200 of the bare Fastify reference, built like the server: Node and Fastify, nothing of ours. */
async function bareFastifyStartS(ctx: BenchContext): Promise<number> {
  const server = await startBareFastify(ctx.root, '{}');
  await server.proc.stop();
  return server.startMs / 1000;
}

/** `pgliteDir`: a data folder the run already used (no server on it now), for the quick run's restart. */
export async function startupSection(
  ctx: BenchContext,
  api: DbOutcome[],
  pgliteDir: string | undefined,
): Promise<Row[]> {
  const rows: Row[] = [];
  const runs = ctx.quick ? 1 : 4;
  // `npm start` builds, then serves: measure the server of the current sources (not a stale dist/server)
  ctx.log('building the server (scripts/build-server.mjs)');
  await runToEnd('build server', process.execPath, ['scripts/build-server.mjs'], {
    cwd: ctx.root,
    timeoutMs: 120_000,
  });
  ctx.log('empty PGlite in a bare Node process (memory and open-time baseline); bare Fastify start');
  // the quick run keeps the harness working; the baseline needs two PGlite starts, so only the full run has it
  const baseline = ctx.quick ? null : await pgliteBaseline(ctx);
  const bareStart = await bareFastifyStartS(ctx);
  const clientBuilt = existsSync(join(ctx.root, 'dist/client/index.html'));
  const clientNote = clientBuilt ? 'dist/client present' : 'dist/client absent (not built): API only';

  for (const db of ['PGlite', 'PostgreSQL'] as const) {
    if (db === 'PostgreSQL' && !ctx.databaseUrl) {
      rows.push({
        section: '5',
        metric: 'start to first 200 on /api/config, PostgreSQL',
        unit: 's',
        ours: null,
        note: 'not run: DATABASE_URL is not set',
        target: { text: `< ${START_TARGET_S} s`, met: null },
      });
      continue;
    }
    ctx.log(`${db}: npm run serve, ${runs} starts`);
    const database =
      db === 'PostgreSQL' ? await createBenchDatabase(ctx.databaseUrl as string, 'start') : undefined;
    try {
      // the quick run restarts once on the folder the other sections used: a fresh PGlite costs an initdb
      const reuse = ctx.quick && db === 'PGlite' && pgliteDir !== undefined;
      const { fresh, warm } = await startTimes(
        ctx,
        runs,
        database?.url,
        reuse ? (pgliteDir as string) : tempDataDir(ctx.outDir, `start-${db.toLowerCase()}`),
        reuse,
      );
      const figure = spread(warm.length > 0 ? warm : fresh);
      const what =
        warm.length > 0
          ? `on an existing database, ${warm.length} start(s)`
          : 'one start on a fresh database';
      rows.push({
        section: '5',
        metric: `start (npm run serve) to first 200 on /api/config, ${db}`,
        unit: 's',
        ours: figure,
        reference:
          db === 'PGlite'
            ? { label: 'empty PGlite open, bare Node', value: baseline ? single(baseline.openS) : null }
            : { label: 'bare Fastify start (built, node)', value: single(bareStart) },
        target: { text: `< ${START_TARGET_S} s`, met: figure.median < START_TARGET_S },
        note: [
          what,
          warm.length > 0 && fresh.length > 0
            ? `the first start, on a fresh database (creating it, migrations${db === 'PGlite' ? ', data key' : ''}), took ${fresh.map((s) => s.toFixed(2)).join(', ')} s`
            : '',
          clientNote,
        ]
          .filter(Boolean)
          .join('; '),
      });
    } finally {
      await database?.drop();
    }
  }

  for (const outcome of api) {
    const pg = outcome.db === 'PostgreSQL';
    rows.push({
      section: '5',
      metric: `server RSS after the auto-save load, ${outcome.db}`,
      unit: 'MB',
      ours: outcome.rssAfterSaveMb === null ? null : single(outcome.rssAfterSaveMb),
      reference: pg
        ? undefined
        : { label: 'empty PGlite, bare Node', value: baseline ? single(baseline.rssMb) : null },
      target: pg
        ? {
            text: `< ${RSS_TARGET_MB} MB`,
            met: outcome.rssAfterSaveMb === null ? null : outcome.rssAfterSaveMb < RSS_TARGET_MB,
          }
        : undefined,
      note:
        outcome.note ??
        (outcome.rssIdleMb === null
          ? undefined
          : `RSS before the load: ${outcome.rssIdleMb.toFixed(0)} MB${pg ? '' : ' (this PGlite server also served the typing section)'}`),
    });
  }
  return rows;
}
