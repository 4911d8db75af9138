import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { type OpenedDatabase, openDatabase } from '../../src/server/db/open-database';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../src/server/db/unavailable';
import { createTestApp, migratedClusterTemplate, type TestApp } from './support/test-app';

const usingPostgres = Boolean(process.env.DATABASE_URL);

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('the timeouts of docs/server.md (configuration)', () => {
  it('default to 3 s to connect, 5 s per statement and 10 s to drain on SIGTERM', () => {
    expect(loadConfig({})).toMatchObject({
      databaseConnectTimeoutMs: 3000,
      databaseQueryTimeoutMs: 5000,
      shutdownTimeoutMs: 10_000,
    });
    expect(
      loadConfig({
        DATABASE_CONNECT_TIMEOUT_MS: '1500',
        DATABASE_QUERY_TIMEOUT_MS: '20000',
        SHUTDOWN_TIMEOUT_MS: '30000',
      }),
    ).toMatchObject({
      databaseConnectTimeoutMs: 1500,
      databaseQueryTimeoutMs: 20_000,
      shutdownTimeoutMs: 30_000,
    });
  });

  it.each([
    ['DATABASE_CONNECT_TIMEOUT_MS', 'soon'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '0'],
    ['DATABASE_QUERY_TIMEOUT_MS', '-5'],
    ['DATABASE_QUERY_TIMEOUT_MS', '1e9'],
    ['SHUTDOWN_TIMEOUT_MS', '500'],
  ])('refuses %s=%s at start, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name} must be`),
    );
  });
});

describe('which database errors mean "unavailable" (503) and which are bugs (500)', () => {
  it.each([
    ['admin shutdown (57P01, pg_terminate_backend or a fast stop)', withCode('57P01'), true],
    ['crash shutdown (57P02)', withCode('57P02'), true],
    ['the database is starting up (57P03)', withCode('57P03'), true],
    ['a statement timeout (57014)', withCode('57014'), true],
    ['a connection exception (08006)', withCode('08006'), true],
    ['too many connections (53300)', withCode('53300'), true],
    ['disk full (53100)', withCode('53100'), true],
    ['refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), true],
    ['reset connection', withCode('ECONNRESET'), true],
    ['both addresses of localhost refused', new AggregateError([withCode('ECONNREFUSED')]), true],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly'), true],
    ['pg: pool connect timeout', new Error('timeout exceeded when trying to connect'), true],
    ['pg: read timeout', new Error('Query read timeout'), true],
    ['PGlite closed', new Error('PGlite is closed'), true],
    ['our own timeout', new DatabaseUnavailableError(), true],
    ['wrapped in a cause', new Error('outer', { cause: withCode('57P01') }), true],
    ['a unique violation (23505)', withCode('23505'), false],
    ['a syntax error (42601)', withCode('42601'), false],
    ['an undefined column (42703)', withCode('42703'), false],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['not an error at all', 'ECONNREFUSED', false],
  ])('%s: %s', (_name, error, unavailable) => {
    expect(isDatabaseUnavailable(error)).toBe(unavailable);
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('live answers 200 without the database; ready answers 200 when the database answers', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      database: 'ok',
      mail: { transport: 'outbox', pending: 0, failed: 0, oldestPendingSeconds: null },
    });
  });

  it('ready reports mail waiting for SMTP and mail given up on, and stays 200', async () => {
    const queued = await t.app.db
      .insertInto('mail_outbox')
      .values([
        {
          kind: 'verification',
          recipient: 'a@example.com',
          subject: 's',
          text: 't',
          html: 'h',
          links: JSON.stringify([]),
          status: 'pending',
          created_at: new Date(Date.now() - 90_000),
        },
        {
          kind: 'verification',
          recipient: 'b@example.com',
          subject: 's',
          text: 't',
          html: 'h',
          links: JSON.stringify([]),
          status: 'failed',
        },
      ] as never)
      .returning('id')
      .execute();
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      const { mail } = ready.json();
      expect(mail).toMatchObject({ pending: 1, failed: 1 });
      expect(mail.oldestPendingSeconds).toBeGreaterThanOrEqual(89);
    } finally {
      // the server's outbox is empty again for the test of a healthy server, whichever runs first
      await t.app.db
        .deleteFrom('mail_outbox')
        .where(
          'id',
          'in',
          queued.map((row) => row.id),
        )
        .execute();
    }
  });
});

async function checkEmail(t: TestApp, lang = 'en') {
  return t.app.inject({
    method: 'GET',
    url: '/api/auth/check-email?email=someone@example.com',
    headers: { 'accept-language': lang },
  });
}

/** Polls `check` until it holds (true) or `ms` have passed (false): a wait for an event, bounded. */
async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    // the poll's interval, not a wait before a check
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

// one database per run: the PGlite run breaks PGlite, the PostgreSQL run (DATABASE_URL) kills connections
if (!usingPostgres)
  describe('the embedded database (PGlite) failing under the server', () => {
    let t: TestApp;
    let opened: OpenedDatabase;
    let dbDir: string;
    beforeAll(async () => {
      dbDir = mkdtempSync(path.join(os.tmpdir(), 'pglite-fault-'));
      cpSync(await migratedClusterTemplate(), path.join(dbDir, 'db'), { recursive: true });
      const database = openDatabase({ dataDir: dbDir });
      opened = await database;
      t = await createTestApp({ database });
    });
    afterAll(async () => {
      await t?.close();
      rmSync(dbDir, { recursive: true, force: true });
    });

    it('answers 503 SERVICE_UNAVAILABLE with Retry-After in the request language, then serves again', async () => {
      expect((await checkEmail(t)).statusCode).toBe(200);
      await opened.embedded!.current!.close();

      const during = await checkEmail(t, 'tr');
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect(during.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: expect.stringContaining('Kaydettikleriniz kaybolmadı'),
        retryAfter: 5,
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

      // the same process reopens the folder: no restart
      expect(await until(async () => (await checkEmail(t)).statusCode === 200, 20_000)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    }, 30_000);
  });

if (usingPostgres)
  describe('PostgreSQL connections killed under the server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('survives pg_terminate_backend of every pooled connection and serves the next request', async () => {
      // ten at once fill the pool: every connection it holds shows its backend
      const pids = new Set(
        (
          await Promise.all(
            Array.from({ length: 10 }, () =>
              sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(t.app.db),
            ),
          )
        ).map((result) => result.rows[0]!.pid),
      );
      const warn = vi.spyOn(t.app.log, 'warn');
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        for (const pid of pids) await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      // idle clients hear 57P01 as an 'error' event (unheard, it would end the process here): wait until each
      // connection's loss has been heard and logged
      const lost = () => warn.mock.calls.filter((call) => call[1] === 'database connection lost').length;
      await vi.waitFor(() => expect(lost()).toBeGreaterThanOrEqual(pids.size), { timeout: 10_000 });
      warn.mockRestore();
      expect((await checkEmail(t)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    });

    it('cancels a statement that runs past DATABASE_QUERY_TIMEOUT_MS (57014: 503, not a hung request)', async () => {
      const quick = await createTestApp({ config: { databaseQueryTimeoutMs: 300 } });
      try {
        const error = await sql`select pg_sleep(2)`.execute(quick.app.db).catch((e: unknown) => e);
        expect(error).toMatchObject({ code: '57014' });
        expect(isDatabaseUnavailable(error)).toBe(true);
      } finally {
        await quick.close();
      }
    });

    it('fails a statement whose connection is killed as unavailable (503, not 500) and serves the next request', async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const slow = sql`select pg_sleep(5)`.execute(t.app.db);
        const caught = slow.then(
          () => undefined,
          (error: unknown) => error,
        );
        // the statement is running before its connection is killed
        const running = () =>
          admin
            .query(
              "select 1 from pg_stat_activity where query like 'select pg_sleep(5)%' and pid <> pg_backend_pid()",
            )
            .then((result) => (result.rowCount ?? 0) > 0);
        expect(await until(running, 5000)).toBe(true);
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where query like 'select pg_sleep(5)%' and pid <> pg_backend_pid()",
        );
        expect(isDatabaseUnavailable(await caught)).toBe(true);
      } finally {
        await admin.end();
      }
      expect((await checkEmail(t)).statusCode).toBe(200);
    });
  });
