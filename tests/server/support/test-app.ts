import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { databaseAt, withClient } from '../../../scripts/postgres-client';
import { type BuildAppOptions, buildApp } from '../../../src/server/app';
import { type Config, loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/open-database';
import { DEFAULT_LIMITS, type Limits } from '../../../src/server/security/limiter';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  config: Config;
  close(): Promise<void>;
}

/** argon2id at a tiny cost: tests only (see BuildAppOptions.unsafeTestHashCost). */
export const TEST_HASH_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** Limits that tests reach by design (the resend cooldown, the per-practitioner save limit) stay as they are. */
const KEPT_LIMITS = new Set<string>(['verificationMailPerEmail', 'intakeSavesPerPractitioner']);

/** Per-address limits high enough that a test file's many requests from 127.0.0.1 never reach them. */
export const RELAXED_LIMITS: Limits = Object.fromEntries(
  Object.entries(DEFAULT_LIMITS).map(([name, limit]) => [
    name,
    KEPT_LIMITS.has(name) ? limit : { ...limit, max: 10_000 },
  ]),
) as Limits;

/** Where test servers append their log lines for the log scan at the end of `npm test` (scripts/scan-logs.mjs). */
export const LOG_CAPTURE_DIR = path.resolve(process.env.LOG_CAPTURE_DIR || 'test-results/server-logs');

let captureFd: number | undefined;
/** This test process's log file, opened once; lines are written synchronously so none is lost at exit. */
export function captureStream() {
  if (captureFd === undefined) {
    mkdirSync(LOG_CAPTURE_DIR, { recursive: true });
    captureFd = openSync(path.join(LOG_CAPTURE_DIR, `vitest-${process.pid}.log`), 'a');
  }
  const fd = captureFd;
  return { write: (line: string) => writeSync(fd, line) };
}

/** The migrations' source, hashed: a template made from other migrations is never used. */
function migrationsHash(): string {
  const migrationsDir = 'src/server/db/migrations';
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort())
    hash.update(readFileSync(path.join(migrationsDir, file)));
  return hash.digest('hex').slice(0, 12);
}

/**
 * initdb takes PGlite 10-20 s on a busy machine; a migrated empty cluster made once and copied takes a moment.
 * Each test file still gets its own fresh folder. The template is keyed by the migrations' source.
 */
export async function migratedClusterTemplate(): Promise<string> {
  const { version } = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8'));
  const template = path.join(os.tmpdir(), `pglite-${version}-test-cluster-${migrationsHash()}`);
  if (existsSync(path.join(template, 'db', 'PG_VERSION'))) return path.join(template, 'db');
  const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const opened = await openDatabase({ dataDir: building });
  await opened.close();
  try {
    renameSync(building, template);
  } catch {
    // another worker finished first: use its copy
    rmSync(building, { recursive: true, force: true });
  }
  return path.join(template, 'db');
}

/** Any number beside the product's own advisory locks: the template is made by one worker at a time. */
const TEMPLATE_LOCK = 7_145_001;
let databaseTemplate: Promise<string> | undefined;

/**
 * PostgreSQL's counterpart of the cluster template: a migrated database made once per server and migrations'
 * source (the first worker to ask makes it, under an advisory lock), from which every test database is copied.
 */
function migratedDatabaseTemplate(baseUrl: string): Promise<string> {
  databaseTemplate ??= withClient(baseUrl, async (client) => {
    const name = `test_template_${migrationsHash()}`;
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_building`;
        await client.query(`drop database if exists ${building} with (force)`);
        await client.query(`create database ${building}`);
        const opened = await openDatabase({
          dataDir: os.tmpdir(),
          databaseUrl: databaseAt(baseUrl, building),
        });
        await opened.close();
        await client.query(`alter database ${building} rename to ${name}`);
      }
      return name;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return databaseTemplate;
}

/**
 * A database for a test server: a copy of the migrated cluster in DATA_DIR (PGlite), or, when DATABASE_URL is
 * set, a database of its own on that server, copied from the migrated template and dropped afterwards. A
 * database each, not a schema each: Kysely's migrator reads the catalogue of every schema in its database, so a
 * schema dropped by one test file while another migrates failed that migration (ADR 145), and test files can
 * run side by side on PostgreSQL.
 */
export async function prepareDatabase(
  dataDir: string,
): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    cpSync(await migratedClusterTemplate(), path.join(dataDir, 'db'), { recursive: true });
    return { drop: async () => {} };
  }
  const template = await migratedDatabaseTemplate(baseUrl);
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withClient(baseUrl, (client) => client.query(`create database ${name} template ${template}`));
  return {
    databaseUrl: databaseAt(baseUrl, name),
    async drop() {
      await withClient(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A server on a fresh database of its own (see prepareDatabase), closed and dropped by `close()`. */
export async function createTestApp(
  options: { env?: Record<string, string>; config?: Partial<Config> } & Omit<BuildAppOptions, 'config'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
  const database = await prepareDatabase(dataDir);
  const { databaseUrl } = database;
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:5173',
      // production's approval gate: client data opens only to accounts an operator approved (approvedUser in
      // flows.ts); a test of the development setting passes REQUIRE_APPROVAL=false
      REQUIRE_APPROVAL: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATA_KEY: randomBytes(32).toString('hex') } : {}),
      ...options.env,
    }),
    ...options.config,
  };
  const { env: _env, config: _config, ...rest } = options;
  let app: FastifyInstance;
  try {
    app = await buildApp({
      // every test server logs (to a file) so the log scan sees what a real one would write
      logger: { level: 'debug', stream: captureStream() },
      unsafeTestHashCost: TEST_HASH_COST,
      limits: RELAXED_LIMITS,
      ...rest,
      config,
    });
  } catch (error) {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    dataDir,
    config,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
