/**
 * The raw-SQL references of section 4 (ADR 133): the statements the product server sends for one auto-save and
 * one GET /auth/me, captured from the running code, then sent again with the same parameters through the
 * database driver alone, at the same concurrency and for as long as the server's load. The capture runs the
 * product app (buildApp, the bench server's configuration, the same driver) in this process on loopback and
 * records what reaches `pg.Client#query` or `PGlite#query` while one request runs: when the server's SQL changes,
 * the reference changes with it; nothing is retyped here.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { POOL_SIZE } from '../../src/server/db/postgres-pool';
import { complaintHistoryFull } from '../fixtures/intake-data';
import { createIntake, createPractitioner, getJson } from './api-client';
import { freePort, HOST } from './processes';
import { serverEnv, tempDataDir } from './servers';
import { type CapturedRecord, forRecord, pgQueryOf, type Statement } from './statement';
import { type Spread, spread } from './stats';

export type { CapturedRecord, Statement };

/** One statement's SQL on one line, for notes and results.json. */
export const oneLine = (statement: Statement) => statement.text.replace(/\s+/g, ' ').trim();

type Query = (this: unknown, ...args: unknown[]) => unknown;
type PgConfig = { text?: unknown; values?: unknown; name?: string } | undefined;

/** Every statement the pg and PGlite drivers of this process receive while `fn` runs. */
export async function captureStatements(fn: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const record = (query: unknown, parameters: unknown) => {
    // pg takes (text, values) or a config object ({ name, text, values }: a prepared statement)
    const config = typeof query === 'string' ? { text: query, values: parameters } : (query as PgConfig);
    if (typeof config?.text !== 'string') return;
    const values = Array.isArray(config.values) ? [...config.values] : [];
    seen.push({ text: config.text, parameters: values, ...(config.name ? { name: config.name } : {}) });
  };
  const pgPrototype = pg.Client.prototype as unknown as { query: Query };
  const pglitePrototype = PGlite.prototype as unknown as { query: Query };
  const pgQuery = pgPrototype.query;
  const pgliteQuery = pglitePrototype.query;
  pgPrototype.query = function (this: unknown, ...args: unknown[]) {
    record(args[0], args[1]);
    return pgQuery.apply(this, args);
  };
  pglitePrototype.query = function (this: unknown, ...args: unknown[]) {
    record(args[0], args[1]);
    return pgliteQuery.apply(this, args);
  };
  try {
    await fn();
  } finally {
    pgPrototype.query = pgQuery;
    pglitePrototype.query = pgliteQuery;
  }
  return seen;
}

/** Sends one statement and answers its rows. */
export type Send = (statement: Statement) => Promise<Array<Record<string, unknown>>>;

export interface RawTarget {
  send: Send;
  /** The connections the driver keeps (PGlite: one, queued). */
  poolSize: number;
  close(): Promise<void>;
}

export interface RawReference {
  /** What one auto-save PUT sent, in order. */
  save: Statement[];
  /** What one GET /auth/me sent. */
  me: Statement[];
  /** Opens the driver on the capture's database (PostgreSQL: a pool as large as the server's). */
  open(): Promise<RawTarget>;
  /** One record per worker, owned by its own practitioner (the first is the one the capture saved). */
  records: CapturedRecord[];
  captured: CapturedRecord;
}

/**
 * Runs the product app in this process on `databaseUrl` (or a fresh PGlite folder), creates `workers`
 * practitioners with one complaint history each through the API, and captures the statements of one auto-save
 * PUT (as the bench's load sends it, with its version) and of one GET /auth/me.
 */
export async function captureReference(options: {
  root: string;
  outDir: string;
  databaseUrl?: string;
  workers: number;
  label: string;
}): Promise<RawReference> {
  const dataDir = tempDataDir(options.outDir, `raw-${options.label}`);
  const port = await freePort();
  const config = loadConfig(
    serverEnv(port, dataDir, options.databaseUrl, { RATE_LIMITS: 'off', BENCH_CLIENT_DIR: '' }),
  );
  const app = await buildApp({ config, logger: false, purgeSchedule: false, scheduleSender: false });
  let save: Statement[] = [];
  let me: Statement[] = [];
  const records: CapturedRecord[] = [];
  try {
    await app.listen({ port, host: HOST });
    const base = `http://${HOST}:${port}`;
    const users = await Promise.all(
      Array.from({ length: options.workers }, async (_, i) => {
        const user = await createPractitioner(base, `raw-${options.label}-${i}@example.com`);
        const intake = await createIntake(base, user.token, { complaintHistory: complaintHistoryFull() });
        const { id: userId } = await app.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', user.email)
          .executeTakeFirstOrThrow();
        records[i] = { id: intake.id, userId, version: intake.version };
        return user;
      }),
    );
    const first = records[0] as CapturedRecord;
    const token = (users[0] as { token: string }).token;
    const captured = { ...first };
    const body = JSON.stringify({
      status: 'draft',
      version: first.version,
      complaintHistory: complaintHistoryFull(),
    });
    let answer: { version?: number } = {};
    save = await captureStatements(async () => {
      const response = await fetch(`${base}/api/client-intake/${first.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      answer = (await response.json()) as { version?: number };
      if (!response.ok) throw new Error(`capture save: ${response.status}`);
    });
    first.version = answer.version ?? first.version;
    me = await captureStatements(() => getJson(base, '/api/auth/me', token));
    return {
      save,
      me,
      records,
      captured,
      open: async () => {
        if (options.databaseUrl) {
          const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POOL_SIZE });
          return {
            poolSize: POOL_SIZE,
            send: async (statement) => (await pool.query(pgQueryOf(statement))).rows,
            close: () => pool.end(),
          };
        }
        const db = await PGlite.create(path.join(dataDir, 'db'));
        return {
          poolSize: 1,
          send: async ({ text, parameters }) =>
            (await db.query<Record<string, unknown>>(text, parameters, { rowMode: 'object' })).rows,
          close: () => db.close(),
        };
      },
    };
  } finally {
    // PGlite allows one opener per folder: the app lets go of it before `open` takes it
    await app.close();
  }
}

export interface RawSummary {
  /** Operations per second: the median of the per-second counts, with their p25–p75 (as autocannon's). */
  rps: Spread;
  /** Milliseconds per operation. */
  p50: number;
  p99: number;
  total: number;
  failures: number;
  /** Operations finished within the time, per second of it. */
  rate: number;
  /** Milliseconds of each operation finished within the time. */
  latencies: number[];
}

/** `workers` loops, each running `operation` back to back for `seconds`; counted per whole second. */
async function closedLoop(
  workers: number,
  seconds: number,
  operation: (worker: number) => Promise<boolean>,
): Promise<RawSummary> {
  const start = performance.now();
  const end = start + seconds * 1000;
  const perSecond = new Array<number>(Math.max(1, Math.round(seconds))).fill(0);
  const latencies: number[] = [];
  const inTime: number[] = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < end) {
        const began = performance.now();
        const ok = await operation(worker).catch(() => false);
        const done = performance.now();
        if (!ok) failures++;
        latencies.push(done - began);
        const second = Math.floor((done - start) / 1000);
        if (second < perSecond.length) perSecond[second] = (perSecond[second] ?? 0) + 1;
        if (done <= end) inTime.push(done - began);
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return {
    rps: spread(perSecond),
    p50: Math.round(at(0.5)),
    p99: Math.round(at(0.99)),
    total: latencies.length,
    failures,
    rate: inTime.length / seconds,
    latencies: inTime,
  };
}

/** The captured save, one record per worker, each carrying the version its previous save returned. */
export function rawSaveLoad(
  reference: RawReference,
  target: RawTarget,
  workers: number,
  seconds: number,
): Promise<RawSummary> {
  const records = reference.records.slice(0, workers);
  return closedLoop(records.length, seconds, async (worker) => {
    const record = records[worker] as CapturedRecord;
    let rows: Array<Record<string, unknown>> = [];
    for (const statement of forRecord(reference.save, reference.captured, record)) {
      rows = await target.send(statement);
    }
    const version = rows[0]?.version;
    if (typeof version !== 'number') return false;
    record.version = version;
    return true;
  });
}

/** The captured /auth/me statements as they were, `workers` at a time. */
export function rawMeLoad(
  reference: RawReference,
  target: RawTarget,
  workers: number,
  seconds: number,
): Promise<RawSummary> {
  return closedLoop(workers, seconds, async () => {
    let rows: Array<Record<string, unknown>> = [];
    for (const statement of reference.me) rows = await target.send(statement);
    return rows.length === 1;
  });
}
