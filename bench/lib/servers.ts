/** Starting the product server (bench launcher or `npm run serve`) and the bare Fastify reference on loopback. */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, HOST, type Started, startProcess, waitForStatus } from './processes';

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

/** The product app with RATE_LIMITS=off (bench/server/bench-server.ts), one Node process. */
export async function startBenchServer(
  root: string,
  options: { dataDir: string; databaseUrl?: string; clientDir?: string },
): Promise<RunningServer> {
  const program = await benchProgram(root, 'bench-server');
  const port = await freePort();
  const started = performance.now();
  const proc = startProcess('bench server', process.execPath, [program], {
    cwd: root,
    env: serverEnv(port, options.dataDir, options.databaseUrl, {
      BENCH_CLIENT_DIR: options.clientDir ?? '',
      // a load test measures the work, not 429s; the limits' own statements do not run either
      RATE_LIMITS: 'off',
    }),
  });
  const base = `http://${HOST}:${port}`;
  await waitForStatus(`${base}/api/config`, { timeoutMs: 90_000, process: proc });
  return { base, proc, startMs: performance.now() - started };
}

/** `npm run serve` exactly as an operator starts it (the built client in dist/client, if any). */
export async function startNpmServe(
  root: string,
  options: { dataDir: string; databaseUrl?: string },
): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const proc = startProcess('npm run serve', 'npm', ['run', '--silent', 'serve'], {
    cwd: root,
    env: serverEnv(port, options.dataDir, options.databaseUrl),
  });
  const base = `http://${HOST}:${port}`;
  await waitForStatus(`${base}/api/config`, { timeoutMs: 90_000, intervalMs: 10, process: proc });
  return { base, proc, startMs: performance.now() - started };
}

/** The bare Fastify reference (bench/server/bare-fastify.ts). */
export async function startBareFastify(root: string, meJson: string): Promise<RunningServer> {
  const program = await benchProgram(root, 'bare-fastify');
  const port = await freePort();
  const started = performance.now();
  const proc = startProcess('bare fastify', process.execPath, [program], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BENCH_ME_JSON: meJson },
  });
  const base = `http://${HOST}:${port}`;
  await waitForStatus(`${base}/api/config`, { timeoutMs: 30_000, process: proc });
  return { base, proc, startMs: performance.now() - started };
}

/**
 * The HTTP floor (bench/server/fastify-sql.ts): bare Fastify sending `statements` through pg on `databaseUrl` for
 * each GET /api/auth/me and answering `meJson`.
 */
export async function startFastifySql(
  root: string,
  options: { databaseUrl: string; statements: unknown[]; meJson: string },
): Promise<RunningServer> {
  const program = await benchProgram(root, 'fastify-sql');
  const port = await freePort();
  const started = performance.now();
  const proc = startProcess('fastify and pg', process.execPath, [program], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      BENCH_ME_STATEMENTS: JSON.stringify(options.statements),
      BENCH_ME_JSON: options.meJson,
    },
  });
  const base = `http://${HOST}:${port}`;
  await waitForStatus(`${base}/api/config`, { timeoutMs: 30_000, process: proc });
  return { base, proc, startMs: performance.now() - started };
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
