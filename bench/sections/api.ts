/**
 * Section 4: API throughput with autocannon on loopback, bounded in time. Auto-save PUT (a full complaint
 * history, one record per simulated tab, each PUT carrying the version the previous answer gave), GET
 * /auth/me, and login against the raw argon2 rate at the server's parameters while a steady /auth/me
 * stream runs beside it. References (ADR 133): the very statements the server sends for one save and one /auth/me,
 * captured from the running code and sent again through the driver alone (pg with the server's pool size, or
 * PGlite) at the same concurrency for as long; a bare Fastify app answering the same JSON is kept in the notes.
 */
import { hash, verify } from '@node-rs/argon2';
import { PRODUCTION_HASH_COST } from '../../src/server/auth/passwords';
import { complaintHistoryFull } from '../fixtures/intake-data';
import {
  BENCH_PASSWORD,
  createIntake,
  createPractitioner,
  getJson,
  login,
  type Practitioner,
} from '../lib/api-client';
import { type LoadSummary, load, outcomeText } from '../lib/load';
import { createBenchDatabase } from '../lib/postgres';
import { largestRssInTree } from '../lib/processes';
import {
  captureReference,
  oneLine,
  type RawReference,
  type RawSummary,
  rawMeLoad,
  rawSaveLoad,
} from '../lib/raw-sql';
import type { Row } from '../lib/results';
import {
  type ProductServer,
  type RunningServer,
  startBareFastify,
  startBenchServer,
  tempDataDir,
} from '../lib/servers';
import { type Spread, single } from '../lib/stats';
import type { BenchContext } from './context';

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, which isolatedModules cannot read)
const ARGON2ID = 2;
const SAVE_CONNECTIONS = 10;
/** The quick run (CI) only keeps the harness working: fewer practitioners to sign up, shorter loads. */
const QUICK_CONNECTIONS = 3;
const LOGIN_CONNECTIONS = 4;
const ME_STREAM_RATE = 40;
/** Ours ÷ the raw SQL of the same work, at least (issue 28). */
const RAW_RATIO_TARGET = 0.6;
const LOGIN_RATIO_TARGET = 0.85;

export interface DbOutcome {
  db: 'PGlite' | 'PostgreSQL';
  rssAfterSaveMb: number | null;
  rssIdleMb: number | null;
  note?: string;
}

export interface ApiOutcome {
  rows: Row[];
  /** Failures of the harness or its environment (a database that does not answer), per database. */
  errors: string[];
  dbs: DbOutcome[];
  details: Record<string, unknown>;
}

/** Raw argon2id verifications per second at the server's cost, `concurrency` at a time, for `seconds`. */
async function argon2Rate(seconds: number, concurrency: number): Promise<number> {
  const options = { algorithm: ARGON2ID, ...PRODUCTION_HASH_COST };
  const stored = await hash(BENCH_PASSWORD, options);
  await verify(stored, BENCH_PASSWORD);
  let done = 0;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await verify(stored, BENCH_PASSWORD);
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

function saveBody(version: number | undefined): string {
  return JSON.stringify({ status: 'draft', version, complaintHistory: complaintHistoryFull() });
}

interface Tab {
  token: string;
  id: string;
  version: number;
}

/** Auto-save load: each request takes a free tab (its own record), sends its version, and keeps the new one. */
async function autoSaveLoad(
  base: string,
  tabs: Tab[],
  seconds: number,
  connections: number,
): Promise<LoadSummary> {
  // saves still in flight when a previous run stopped move their records on: let them land, then start from
  // the server's versions
  await new Promise((resolve) => setTimeout(resolve, 500));
  await Promise.all(
    tabs.map(async (tab) => {
      const record = (await getJson(base, `/api/client-intake/${tab.id}`, tab.token)) as { version: number };
      tab.version = record.version;
    }),
  );
  const free = [...tabs];
  const body = complaintHistoryFull();
  return load({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'PUT',
        setupRequest: (request, context) => {
          const tab = free.shift();
          context.tab = tab;
          const target = tab ?? (tabs[0] as Tab);
          return {
            ...request,
            path: `/api/client-intake/${target.id}`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
            // without a tab to spare, an unversioned save (the server retries a lost race)
            body: JSON.stringify({ status: 'draft', version: tab?.version, complaintHistory: body }),
          };
        },
        onResponse: (_status, responseBody, context) => {
          const tab = context.tab as Tab | undefined;
          if (!tab) return;
          try {
            const answer = JSON.parse(responseBody) as { version?: number };
            if (typeof answer.version === 'number') tab.version = answer.version;
          } catch {
            // keep the old version; the next save answers 409 and carries the current one
          }
          free.push(tab);
        },
      },
    ],
  });
}

function meLoad(
  base: string,
  token: string,
  seconds: number,
  extra: { connections: number; overallRate?: number },
) {
  return load({
    url: `${base}/api/auth/me`,
    connections: extra.connections,
    duration: seconds,
    overallRate: extra.overallRate,
    headers: { authorization: `Bearer ${token}` },
  });
}

function loginLoad(base: string, user: Practitioner, seconds: number) {
  return load({
    url: `${base}/api/auth/login`,
    method: 'POST',
    connections: LOGIN_CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
}

function latencySpread(s: LoadSummary): Spread {
  return single(s.p99);
}

export async function apiSection(ctx: BenchContext, pglite: ProductServer): Promise<ApiOutcome> {
  const seconds = ctx.quick ? 1 : 10;
  const connections = ctx.quick ? QUICK_CONNECTIONS : SAVE_CONNECTIONS;
  const errors: string[] = [];
  const rows: Row[] = [];
  const dbs: DbOutcome[] = [];
  const details: Record<string, unknown> = {};

  const argon2: Record<string, number> = {};
  details.argon2 = { cost: PRODUCTION_HASH_COST, concurrency: LOGIN_CONNECTIONS, perSecond: argon2 };

  let bare: { me: LoadSummary; save: LoadSummary } | null = null;

  for (const db of ['PGlite', 'PostgreSQL'] as const) {
    const pgTarget = db === 'PostgreSQL';
    if (pgTarget && !ctx.databaseUrl) {
      const note = 'not run: DATABASE_URL is not set';
      for (const metric of [
        'auto-save PUT',
        'auto-save PUT p99 latency',
        'GET /auth/me',
        'GET /auth/me p99 latency',
        'login',
        'GET /auth/me p99 during login load',
      ]) {
        rows.push({
          section: '4',
          metric: `${metric}, PostgreSQL`,
          unit: 'req/s',
          ours: null,
          note,
          target: { text: 'see PGlite row', met: null },
        });
      }
      dbs.push({ db, rssAfterSaveMb: null, rssIdleMb: null, note });
      continue;
    }
    let database: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
    let ownServer: RunningServer | undefined;
    let used: RunningServer | undefined;
    try {
      ctx.log(`${db}: the product server (RATE_LIMITS=off)`);
      let server: RunningServer;
      if (pgTarget) {
        database = await createBenchDatabase(ctx.databaseUrl as string, 'api');
        const dataDir = tempDataDir(ctx.outDir, 'api-postgres');
        ownServer = await startBenchServer(ctx.root, { dataDir, databaseUrl: database.url });
        server = ownServer;
        used = server;
      } else {
        server = await pglite.get();
        used = server;
      }
      const users: Practitioner[] = [];
      const tabs: Tab[] = [];
      // one record per connection plus spares, so every request finds a record no other request holds
      const userCount = connections + 2;
      ctx.log(`${db}: ${userCount} practitioners via sign-up, outbox link, login; one intake each`);
      await Promise.all(
        Array.from({ length: userCount }, async (_, i) => {
          const user = await createPractitioner(server.base, `bench-${db.toLowerCase()}-${i}@example.com`);
          const intake = await createIntake(server.base, user.token, {
            complaintHistory: complaintHistoryFull(),
          });
          users[i] = user;
          tabs[i] = { token: user.token, id: intake.id, version: intake.version };
        }),
      );
      const first = users[0] as Practitioner;
      const meJson = JSON.stringify(await getJson(server.base, '/api/auth/me', first.token));
      if (!bare) {
        ctx.log('bare Fastify reference: /auth/me and PUT');
        const ref = await startBareFastify(ctx.root, meJson);
        try {
          if (!ctx.quick) await meLoad(ref.base, first.token, 2, { connections });
          const me = await meLoad(ref.base, first.token, seconds, { connections });
          const save = await load({
            url: `${ref.base}/api/client-intake/00000000-0000-4000-8000-000000000000`,
            method: 'PUT',
            connections,
            duration: seconds,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${first.token}` },
            body: saveBody(1),
          });
          bare = { me, save };
          details.bareFastify = { me: outcomeText(me), save: outcomeText(save) };
        } finally {
          await ref.proc.stop();
        }
      }
      ctx.log(`${db}: capturing the statements of one save and one /auth/me (the app in this process)`);
      const reference: RawReference = await captureReference({
        root: ctx.root,
        outDir: ctx.outDir,
        databaseUrl: database?.url,
        workers: connections,
        label: db.toLowerCase(),
      });
      const rssIdle = largestRssInTree(server.proc.pid);

      ctx.log(`${db}: auto-save PUT, ${connections} connections, ${seconds} s`);
      if (!ctx.quick) await autoSaveLoad(server.base, tabs, 2, connections);
      const save = await autoSaveLoad(server.base, tabs, seconds, connections);
      const rssAfterSave = largestRssInTree(server.proc.pid);

      ctx.log(`${db}: GET /auth/me, ${connections} connections, ${seconds} s`);
      const me = await meLoad(server.base, first.token, seconds, { connections });

      ctx.log(`${db}: raw SQL of the same save and /auth/me, ${connections} at a time, ${seconds} s each`);
      const raw = await reference.open();
      let rawSave: RawSummary;
      let rawMe: RawSummary;
      try {
        if (!ctx.quick) await rawSaveLoad(reference, raw, connections, 2);
        rawSave = await rawSaveLoad(reference, raw, connections, seconds);
        rawMe = await rawMeLoad(reference, raw, connections, seconds);
      } finally {
        await raw.close();
      }

      ctx.log(
        `${db}: login, ${LOGIN_CONNECTIONS} connections, with a ${ME_STREAM_RATE}/s /auth/me stream, ${seconds} s`,
      );
      const loginUser = users[1] as Practitioner;
      await login(server.base, loginUser.email, loginUser.password);
      // the raw rate right before the login load, so both see the same minute of this shared machine
      const rawRate = await argon2Rate(seconds, LOGIN_CONNECTIONS);
      argon2[db] = rawRate;
      const [logins, meDuring] = await Promise.all([
        loginLoad(server.base, loginUser, seconds),
        meLoad(server.base, first.token, seconds, { connections: 2, overallRate: ME_STREAM_RATE }),
      ]);

      details[db] = {
        save: outcomeText(save),
        me: outcomeText(me),
        login: outcomeText(logins),
        meDuringLogin: outcomeText(meDuring),
        rawSql: {
          poolSize: raw.poolSize,
          save: { ...rawSave, statements: reference.save.map(oneLine) },
          me: { ...rawMe, statements: reference.me.map(oneLine) },
        },
        rssIdleMb: rssIdle,
        rssAfterSaveMb: rssAfterSave,
        database: pgTarget
          ? database?.own
            ? 'throw-away database next to DATABASE_URL'
            : 'DATABASE_URL itself'
          : 'PGlite in a temp DATA_DIR',
      };
      dbs.push({ db, rssAfterSaveMb: rssAfterSave, rssIdleMb: rssIdle });

      const failures = (s: LoadSummary) =>
        s.non2xx + s.errors > 0
          ? ` ${s.non2xx} non-2xx, ${s.errors} errors (${JSON.stringify(s.statusCodes)}).`
          : '';
      const onPg = (met: boolean) => (pgTarget ? met : null);
      const targetText = (text: string) => (pgTarget ? text : `${text} (on PostgreSQL)`);
      const rawFailures = (s: RawSummary) => (s.failures > 0 ? ` Raw SQL: ${s.failures} failed.` : '');
      const statementsText = (statements: RawReference['save']) =>
        `${statements.length} statement(s), one round trip each: ${statements
          .map((statement) => oneLine(statement).slice(0, 40))
          .join(' | ')}`;
      const rawText = `raw SQL: ${raw.poolSize === 1 ? 'PGlite, one connection (queued)' : `pg pool of ${raw.poolSize}`}, ${connections} at a time`;
      rows.push({
        section: '4',
        metric: `auto-save PUT complaint history, ${db}`,
        unit: 'req/s',
        ours: save.rps,
        reference: { label: 'raw SQL of the same save', value: rawSave.rps },
        target: {
          text: targetText(`≥ ${RAW_RATIO_TARGET} × raw SQL`),
          met: onPg(save.rps.median >= RAW_RATIO_TARGET * rawSave.rps.median),
        },
        note: `${connections} connections, ${seconds} s; latency p50 ${save.latency.median} ms (raw ${rawSave.p50} ms); ${rawText}; ${statementsText(reference.save)}; bare Fastify PUT ${Math.round(bare.save.rps.median)} req/s.${failures(save)}${rawFailures(rawSave)}`,
      });
      rows.push({
        section: '4',
        metric: `auto-save PUT p99 latency, ${db}`,
        unit: 'ms',
        ours: latencySpread(save),
        reference: { label: 'raw SQL of the same save', value: single(rawSave.p99) },
        target: { text: targetText('p99 ≤ 50 ms'), met: onPg(save.p99 <= 50) },
        note: `bare Fastify PUT p99 ${bare.save.p99} ms.`,
      });
      rows.push({
        section: '4',
        metric: `GET /auth/me, ${db}`,
        unit: 'req/s',
        ours: me.rps,
        reference: { label: 'raw SQL of the same /auth/me', value: rawMe.rps },
        target: {
          text: targetText(`≥ ${RAW_RATIO_TARGET} × raw SQL`),
          met: onPg(me.rps.median >= RAW_RATIO_TARGET * rawMe.rps.median),
        },
        note: `${connections} connections, ${seconds} s; latency p50 ${me.latency.median} ms (raw ${rawMe.p50} ms); ${rawText}; ${statementsText(reference.me)}; bare Fastify ${Math.round(bare.me.rps.median)} req/s.${failures(me)}${rawFailures(rawMe)}`,
      });
      rows.push({
        section: '4',
        metric: `GET /auth/me p99 latency, ${db}`,
        unit: 'ms',
        ours: latencySpread(me),
        reference: { label: 'raw SQL of the same /auth/me', value: single(rawMe.p99) },
        target: { text: targetText('p99 ≤ 50 ms'), met: onPg(me.p99 <= 50) },
        note: `bare Fastify p99 ${bare.me.p99} ms.`,
      });
      rows.push({
        section: '4',
        metric: `login, ${db}`,
        unit: 'req/s',
        ours: logins.rps,
        reference: { label: 'raw argon2id verify', value: single(rawRate) },
        target: {
          text: targetText(`≥ ${LOGIN_RATIO_TARGET} × raw argon2`),
          met: onPg(logins.rps.median >= LOGIN_RATIO_TARGET * rawRate),
        },
        note: `${LOGIN_CONNECTIONS} connections; argon2id m=${PRODUCTION_HASH_COST.memoryCost} t=${PRODUCTION_HASH_COST.timeCost} p=${PRODUCTION_HASH_COST.parallelism}.${failures(logins)}`,
      });
      rows.push({
        section: '4',
        metric: `GET /auth/me p99 during login load, ${db}`,
        unit: 'ms',
        ours: latencySpread(meDuring),
        reference: { label: '/auth/me alone, p99', value: single(me.p99) },
        target: { text: targetText('p99 < 100 ms'), met: onPg(meDuring.p99 < 100) },
        note: `${ME_STREAM_RATE} req/s stream beside the login load.${failures(meDuring)}`,
      });
    } catch (error) {
      const message = (error as Error).message.split('\n').slice(0, 3).join(' ');
      const serverLog = used
        ? `\nserver output (tail):\n${used.proc.output().split('\n').slice(-15).join('\n')}`
        : '';
      errors.push(`${db}: ${(error as Error).stack ?? message}${serverLog}`);
      rows.push({
        section: '4',
        metric: `API figures, ${db}`,
        unit: 'req/s',
        ours: null,
        note: `harness failed: ${message}`,
      });
      if (!dbs.some((d) => d.db === db))
        dbs.push({ db, rssAfterSaveMb: null, rssIdleMb: null, note: `not run: ${message}` });
    } finally {
      await ownServer?.proc.stop();
      await database?.drop().catch(() => undefined);
    }
  }
  return { rows, errors, dbs, details };
}
