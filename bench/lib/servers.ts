/** Starting the product server (bench launcher or `npm run serve`) and the bare Fastify reference on loopback. */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, HOST, type Started, startProcess, waitForStatus } from './processes';
import type { CapturedRecord, Statement } from './statement';

/** The bench's own server programs (bench/server/). */
const PROGRAMS = {
  'bench-server': 'bench/server/bench-server.ts',
  'bare-fastify': 'bench/server/bare-fastify.ts',
  'fastify-sql': 'bench/server/fastify-sql.ts',
  'pglite-baseline': 'bench/server/pglite-baseline.ts',
} as const;

export type BenchProgram = keyof typeof PROGRAMS;

/**
 * Bundles every bench program into `outdir` with scripts/build-server.mjs, as `npm run build` bundles the
 * product's server: plain JavaScript for `node`, packages taken from node_modules (ADR 155).
 */
export async function bundleBenchPrograms(root: string, outdir: string): Promise<void> {
  const { bundleServer } = (await import(pathToFileURL(join(root, 'scripts/build-server.mjs')).href)) as {
    bundleServer: (options: { entryPoints: Record<string, string>; outdir: string }) => Promise<void>;
  };
  await bundleServer({ entryPoints: { ...PROGRAMS }, outdir });
}

let bundled: Promise<string> | undefined;

/**
 * A bench program's file, bundled once per run into bench/.out/programs: what is measured is the code that
 * ships, not tsx's transform of each module on the fly, which cost the server 14 % more CPU a request (ADR 155).
 */
export async function benchProgram(root: string, name: BenchProgram): Promise<string> {
  bundled ??= (async () => {
    const outdir = join(root, 'bench/.out/programs');
    await bundleBenchPrograms(root, outdir);
    return outdir;
  })();
  return join(await bundled, `${name}.js`);
}

export interface RunningServer {
  base: string;
  proc: Started;
  /** Milliseconds from spawn to the first 200 on /api/config. */
  startMs: number;
}

export function tempDataDir(outDir: string, label: string): string {
  return mkdtempSync(join(outDir, `data-${label}-`));
}

export function serverEnv(
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
  extra: NodeJS.ProcessEnv = {},
) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://${HOST}:${port}`,
    // request logs would measure the log pipe, not the server; both sides of every comparison run without
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    ...extra,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/**
 * Starts `command` with the environment `env(port)` gives for a free port, and answers once /api/config answers
 * 200: every server the bench starts, its time from spawn to that answer (polled every 10 ms) in `startMs`.
 */
async function startListening(
  root: string,
  label: string,
  command: string,
  args: string[],
  env: (port: number) => NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const proc = startProcess(label, command, args, { cwd: root, env: env(port) });
  const base = `http://${HOST}:${port}`;
  await waitForStatus(`${base}/api/config`, { timeoutMs, intervalMs: 10, process: proc });
  return { base, proc, startMs: performance.now() - started };
}

/** The product app with RATE_LIMITS=off (bench/server/bench-server.ts), one Node process. */
export async function startBenchServer(
  root: string,
  options: { dataDir: string; databaseUrl?: string; clientDir?: string },
): Promise<RunningServer> {
  const program = await benchProgram(root, 'bench-server');
  return startListening(
    root,
    'bench server',
    process.execPath,
    [program],
    (port) =>
      serverEnv(port, options.dataDir, options.databaseUrl, {
        BENCH_CLIENT_DIR: options.clientDir ?? '',
        // a load test measures the work, not 429s; the limits' own statements do not run either
        RATE_LIMITS: 'off',
      }),
    90_000,
  );
}

/** `npm run serve` exactly as an operator starts it (the built client in dist/client, if any). */
export function startNpmServe(
  root: string,
  options: { dataDir: string; databaseUrl?: string },
): Promise<RunningServer> {
  return startListening(
    root,
    'npm run serve',
    'npm',
    ['run', '--silent', 'serve'],
    (port) => serverEnv(port, options.dataDir, options.databaseUrl),
    90_000,
  );
}

/** The bare Fastify reference (bench/server/bare-fastify.ts): Node and Fastify answering `meJson`, nothing of ours. */
export async function startBareFastify(root: string, meJson: string): Promise<RunningServer> {
  const program = await benchProgram(root, 'bare-fastify');
  return startListening(
    root,
    'bare fastify',
    process.execPath,
    [program],
    (port) => ({ ...process.env, PORT: String(port), BENCH_ME_JSON: meJson }),
    30_000,
  );
}

/**
 * The HTTP floor (bench/server/fastify-sql.ts): bare Fastify on `databaseUrl` sending `me` for each GET
 * /api/auth/me and answering `meJson`, and sending `save.statements` (captured for `save.from`) for each PUT of
 * one of `save.records`.
 */
export async function startFastifySql(
  root: string,
  options: {
    databaseUrl: string;
    me: Statement[];
    meJson: string;
    save: { statements: Statement[]; from: CapturedRecord; records: CapturedRecord[] };
  },
): Promise<RunningServer> {
  const program = await benchProgram(root, 'fastify-sql');
  return startListening(
    root,
    'fastify and pg',
    process.execPath,
    [program],
    (port) => ({
      ...process.env,
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      BENCH_ME_STATEMENTS: JSON.stringify(options.me),
      BENCH_ME_JSON: options.meJson,
      BENCH_SAVE_STATEMENTS: JSON.stringify(options.save.statements),
      BENCH_SAVE_FROM: JSON.stringify(options.save.from),
      BENCH_SAVE_RECORDS: JSON.stringify(options.save.records),
    }),
    30_000,
  );
}

/**
 * The one PGlite product server of a run (the built client, RATE_LIMITS=off), shared by the typing and
 * API sections: each start costs seconds on a busy machine, and PGlite allows one process per folder.
 */
export class ProductServer {
  private running: Promise<RunningServer> | undefined;
  /** The data folder of the last start, once started. */
  usedDataDir: string | undefined;

  constructor(
    private readonly root: string,
    private readonly dataDir: () => string,
    public clientDir: string | undefined,
  ) {}

  get(): Promise<RunningServer> {
    if (!this.running) {
      this.usedDataDir = this.dataDir();
      this.running = startBenchServer(this.root, { dataDir: this.usedDataDir, clientDir: this.clientDir });
    }
    return this.running;
  }

  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (running) await (await running.catch(() => undefined))?.proc.stop();
  }
}
