/**
 * Section 4: API throughput with autocannon on loopback, bounded in time. Auto-save PUT (a full complaint
 * history, one record per simulated tab, each PUT carrying the version the previous answer gave), GET
 * /auth/me, and login against the raw argon2 rate at the server's parameters (one thread per core) while a
 * steady /auth/me stream runs beside it. References (ADR 133): the very statements the server sends for one save and one /auth/me,
 * captured from the running code and sent again through the driver alone (pg with the server's pool size, or
 * PGlite) at the same concurrency for as long; a bare Fastify app answering the same JSON is kept in the notes, and on
 * PostgreSQL the HTTP floor: bare Fastify sending the same statements of the save and /auth/me through pg (ADR 156, 162).
 * Ours and its reference run in alternating rounds (ADR 144), each row's ratio the median of the rounds' ratios.
 */
import { hash } from '@node-rs/argon2';
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
import { argon2ThreadsRate } from '../lib/argon2-threads';
import { type CpuSplit, perRequest, withCpu } from '../lib/cpu';
import { type LoadSummary, load, loadRound, outcomeText, type Round } from '../lib/load';
import { createBenchDatabase } from '../lib/postgres';
import { largestRssInTree } from '../lib/processes';
import {
  captureReference,
  oneLine,
  type RawReference,
  type RawSummary,
  type RawTarget,
  rawMeLoad,
  rawSaveLoad,
} from '../lib/raw-sql';
import type { Row } from '../lib/results';
import {
  type ProductServer,
  type RunningServer,
  startBareFastify,
  startBenchServer,
  startFastifySql,
  tempDataDir,
} from '../lib/servers';
import { pairedRatios, rankQuantile, single, spread, withExpectedInterval } from '../lib/stats';
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
/**
 * Ours and its reference alternate in rounds (ADR 144): on this shared machine the rate moves with whatever
 * else runs in each minute, and two loads run minutes apart compared two different minutes.
 */
const ROUNDS = 5;
const ROUND_SECONDS = 2;
const QUICK_ROUNDS = 2;
const QUICK_ROUND_SECONDS = 1;

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

/** A stored hash of the bench password at the server's cost (the reference's threads warm themselves up). */
function argon2Stored(): Promise<string> {
  return hash(BENCH_PASSWORD, { algorithm: ARGON2ID, ...PRODUCTION_HASH_COST });
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
async function autoSaveLoad(base: string, tabs: Tab[], seconds: number, connections: number): Promise<Round> {
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
  return loadRound({
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

function meOptions(
  base: string,
  token: string,
  seconds: number,
  extra: { connections: number; overallRate?: number },
) {
  return {
    url: `${base}/api/auth/me`,
    connections: extra.connections,
    duration: seconds,
    overallRate: extra.overallRate,
    headers: { authorization: `Bearer ${token}` },
  };
}

function loginLoad(base: string, user: Practitioner, seconds: number) {
  return loadRound({
    url: `${base}/api/auth/login`,
    method: 'POST',
    connections: LOGIN_CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
}

/**
 * `rounds` pairs of ours and its reference, one after the other. Every other pair the reference goes first, so
 * a machine that grows busier or quieter during a pair favours neither side. Every round is kept.
 */
async function interleaved<A, B>(
  rounds: number,
  ours: () => Promise<A>,
  reference: () => Promise<B>,
): Promise<Array<{ ours: A; reference: B }>> {
  const pairs: Array<{ ours: A; reference: B }> = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      const first = await ours();
      pairs.push({ ours: first, reference: await reference() });
    } else {
      const first = await reference();
      pairs.push({ ours: await ours(), reference: first });
    }
  }
  return pairs;
}

/** Rates of both sides over the rounds, the rounds' ratios, and latencies pooled over all rounds. */
function summarisePairs(pairs: Array<{ ours: Round; reference: { rate: number; latencies: number[] } }>) {
  const ours = pairs.map((pair) => pair.ours.rate);
  const reference = pairs.map((pair) => pair.reference.rate);
  const oursLatencies = pairs.flatMap((pair) => pair.ours.latencies);
  const referenceLatencies = pairs.flatMap((pair) => pair.reference.latencies);
  return {
    ours: spread(ours),
    reference: spread(reference),
    ratios: pairs.map((pair) => pair.ours.rate / pair.reference.rate),
    ratio: pairedRatios(ours, reference),
    p50: Math.round(rankQuantile(oursLatencies, 0.5)),
    p99: Math.round(rankQuantile(oursLatencies, 0.99)),
    referenceP50: Math.round(rankQuantile(referenceLatencies, 0.5)),
    referenceP99: Math.round(rankQuantile(referenceLatencies, 0.99)),
    /** Non-2xx answers and connection errors of our rounds. */
    failed: pairs.reduce((sum, pair) => sum + pair.ours.summary.non2xx + pair.ours.summary.errors, 0),
    codes: pairs.map((pair) => pair.ours.summary.statusCodes),
  };
}

const ratioList = (ratios: number[]) => ratios.map((ratio) => ratio.toFixed(2)).join(' ');

/** Requests a round of ours answered, and a raw reference's round finished: what its CPU is divided by. */
const answered = (round: Round) => round.summary.total;
const finished = (round: RawSummary) => round.total;

/** Rounds' CPU splits with the requests each answered (ADR 151). */
type CpuRounds = Array<{ cpu: CpuSplit; requests: number }>;
/** Both sides' rounds of one comparison. */
type CpuSides = { ours: CpuRounds; reference: CpuRounds };

/** A round that also keeps the CPU its processes used, and how many requests it answered, in `into`. */
function metered<T>(
  serverPid: number | undefined,
  into: CpuRounds,
  requests: (value: T) => number,
  work: () => Promise<T>,
): () => Promise<T> {
  return async () => {
    const { value, cpu } = await withCpu(serverPid, work);
    into.push({ cpu, requests: requests(value) });
    return value;
  };
}

/**
 * Where a row's time went: CPU per request of each process on both sides, and the ratio CPU alone would allow
 * (the reference's CPU per request over ours). Processes outside the two sides are not counted.
 */
function cpuText(
  ours: CpuRounds,
  reference: CpuRounds,
  words: { unit: string; server: string; bench: string; reference: string; database: boolean },
): { text: string; detail: Record<string, unknown> } {
  const o = perRequest(ours);
  const r = perRequest(reference);
  const ms = (value: number) => value.toFixed(2);
  const database = (split: CpuSplit) => (words.database ? `, PostgreSQL ${ms(split.database)}` : '');
  const oursTotal = words.database ? o.total : o.server + o.bench;
  const referenceTotal = words.database ? r.total : r.bench;
  return {
    text: `CPU per ${words.unit} (ms): ours ${words.server} ${ms(o.server)}${database(o)}, ${words.bench} ${ms(o.bench)} (${ms(oursTotal)} in all); ${words.reference} ${ms(r.bench)}${database(r)} (${ms(referenceTotal)}): by CPU alone ours could reach ${(referenceTotal / oursTotal).toFixed(2)}×`,
    detail: { oursMsPerRequest: o, referenceMsPerRequest: r },
  };
}

type Pairs = Array<{ ours: Round; reference: RawSummary }>;

/**
 * The HTTP floor on PostgreSQL (ADR 156, 162): bare Fastify sending the captured statements through pg, in rounds of
 * its own alternating with the raw SQL, for the save (on records of its own, so the raw SQL's versions stay true)
 * and for /auth/me. What it loses to the raw SQL is the share of Node's HTTP, Fastify and the load generator, which
 * no change to the product's code can remove.
 */
async function httpFloor(
  ctx: BenchContext,
  options: {
    databaseUrl: string;
    reference: RawReference;
    raw: RawTarget;
    meJson: string;
    token: string;
    cpu: { save: CpuSides; me: CpuSides };
    rounds: number;
    roundSeconds: number;
    connections: number;
  },
): Promise<{ save: Pairs; me: Pairs }> {
  const { reference, raw, connections, roundSeconds, rounds, cpu } = options;
  ctx.log(
    'PostgreSQL: the HTTP floor (bare Fastify sending the same statements through pg) of the save and /auth/me, and their raw SQL',
  );
  const records = reference.records.slice(connections);
  const floor = await startFastifySql(ctx.root, {
    databaseUrl: options.databaseUrl,
    me: reference.me,
    meJson: options.meJson,
    save: { statements: reference.save, from: reference.captured, records },
  });
  try {
    const tabs = records.map((record) => ({
      token: options.token,
      id: record.id,
      version: record.version ?? 0,
    }));
    const saveRound = (duration: number) => autoSaveLoad(floor.base, tabs, duration, connections);
    const meRound = (duration: number) =>
      loadRound(meOptions(floor.base, options.token, duration, { connections }));
    // the floor's rounds of one kind against the raw SQL's of the same kind
    const againstRaw = async (
      round: (duration: number) => Promise<Round>,
      rawRound: typeof rawSaveLoad,
      sides: CpuSides,
    ) => {
      // a fresh process: warmed as long in the quick run too, or its first round measures its JIT
      await round(1);
      return interleaved(
        rounds,
        metered(floor.proc.pid, sides.ours, answered, () => round(roundSeconds)),
        metered(undefined, sides.reference, finished, () =>
          rawRound(reference, raw, connections, roundSeconds),
        ),
      );
    };
    const save = await againstRaw(saveRound, rawSaveLoad, cpu.save);
    const me = await againstRaw(meRound, rawMeLoad, cpu.me);
    return { save, me };
  } finally {
    await floor.proc.stop();
  }
}

/** The floor's part of a row's note: its rate and ratio, its server's CPU beside ours, and ours against it. */
function floorText(
  pairs: Pairs,
  what: string,
  oursRatio: number,
  cpu: { ours: CpuRounds; floor: CpuRounds },
): string {
  if (pairs.length === 0) return '';
  const floor = summarisePairs(pairs);
  const floorServer = perRequest(cpu.floor).server;
  const oursServer = perRequest(cpu.ours).server;
  return ` HTTP floor (bare Fastify ${what} through pg, nothing of ours): ${Math.round(floor.ours.median)} req/s, ${floor.ratio.median.toFixed(2)}× the raw SQL in alternating rounds of its own (${ratioList(floor.ratios)}), its server ${floorServer.toFixed(2)} ms of CPU a request against ours ${oursServer.toFixed(2)}: ours reached ${(oursRatio / floor.ratio.median).toFixed(2)}× the floor.${floor.failed > 0 ? ` The floor: ${floor.failed} non-2xx or failed.` : ''}`;
}

/** The floor's rounds and CPU for results.json. */
function floorDetail(pairs: Pairs, cpu: CpuSides) {
  return {
    floor: pairs.map((p) => p.ours.rate),
    codes: pairs.map((p) => p.ours.summary.statusCodes),
    ratios: pairs.map((p) => p.ours.rate / p.reference.rate),
    raw: rawRounds(pairs),
    cpu: { floor: perRequest(cpu.ours), raw: perRequest(cpu.reference) },
  };
}

const rawRounds = (pairs: Array<{ reference: RawSummary }>) =>
  pairs.map(({ reference: { latencies: _latencies, ...rest } }) => rest);

export async function apiSection(ctx: BenchContext, pglite: ProductServer): Promise<ApiOutcome> {
  const seconds = ctx.quick ? 1 : 10;
  const rounds = ctx.quick ? QUICK_ROUNDS : ROUNDS;
  const roundSeconds = ctx.quick ? QUICK_ROUND_SECONDS : ROUND_SECONDS;
  const connections = ctx.quick ? QUICK_CONNECTIONS : SAVE_CONNECTIONS;
  const errors: string[] = [];
  const rows: Row[] = [];
  const dbs: DbOutcome[] = [];
  const details: Record<string, unknown> = {};

  const argon2: Record<string, number> = {};
  details.argon2 = { cost: PRODUCTION_HASH_COST, concurrency: LOGIN_CONNECTIONS, perSecond: argon2 };
  details.rounds = {
    rounds,
    seconds: roundSeconds,
    order: 'ours first in odd pairs, the reference first in even ones',
  };

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
          if (!ctx.quick) await load(meOptions(ref.base, first.token, 2, { connections }));
          const me = await load(meOptions(ref.base, first.token, seconds, { connections }));
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
        // on PostgreSQL as many again and two spares for the HTTP floor's saves (as ours has), so the raw SQL's
        // records keep their versions
        workers: database ? connections * 2 + 2 : connections,
        label: db.toLowerCase(),
      });
      const rssIdle = largestRssInTree(server.proc.pid);

      const raw = await reference.open();
      const cpu = {
        save: { ours: [] as CpuRounds, reference: [] as CpuRounds },
        me: { ours: [] as CpuRounds, reference: [] as CpuRounds },
        floorSave: { ours: [] as CpuRounds, reference: [] as CpuRounds },
        floorMe: { ours: [] as CpuRounds, reference: [] as CpuRounds },
        login: { ours: [] as CpuRounds, reference: [] as CpuRounds },
      };
      let savePairs: Array<{ ours: Round; reference: RawSummary }>;
      let mePairs: Array<{ ours: Round; reference: RawSummary }>;
      let floorPairs: { save: Pairs; me: Pairs } = { save: [], me: [] };
      let rssAfterSave: number | null;
      try {
        ctx.log(
          `${db}: auto-save PUT and its raw SQL, ${rounds} alternating rounds of ${roundSeconds} s, ${connections} connections`,
        );
        if (!ctx.quick) {
          await autoSaveLoad(server.base, tabs, 2, connections);
          await rawSaveLoad(reference, raw, connections, 2);
        }
        savePairs = await interleaved(
          rounds,
          metered(server.proc.pid, cpu.save.ours, answered, () =>
            autoSaveLoad(server.base, tabs, roundSeconds, connections),
          ),
          metered(undefined, cpu.save.reference, finished, () =>
            rawSaveLoad(reference, raw, connections, roundSeconds),
          ),
        );
        rssAfterSave = largestRssInTree(server.proc.pid);

        ctx.log(`${db}: GET /auth/me and its raw SQL, ${rounds} alternating rounds of ${roundSeconds} s`);
        const meRound = (duration: number) =>
          loadRound(meOptions(server.base, first.token, duration, { connections }));
        if (!ctx.quick) {
          await meRound(1);
          await rawMeLoad(reference, raw, connections, 1);
        }
        mePairs = await interleaved(
          rounds,
          metered(server.proc.pid, cpu.me.ours, answered, () => meRound(roundSeconds)),
          metered(undefined, cpu.me.reference, finished, () =>
            rawMeLoad(reference, raw, connections, roundSeconds),
          ),
        );
        if (database)
          floorPairs = await httpFloor(ctx, {
            databaseUrl: database.url,
            reference,
            raw,
            meJson,
            token: first.token,
            cpu: { save: cpu.floorSave, me: cpu.floorMe },
            rounds,
            roundSeconds,
            connections,
          });
      } finally {
        await raw.close();
      }

      ctx.log(
        `${db}: login (${LOGIN_CONNECTIONS} connections, a ${ME_STREAM_RATE}/s /auth/me stream beside it) and raw argon2, ${rounds} alternating rounds`,
      );
      const loginUser = users[1] as Practitioner;
      await login(server.base, loginUser.email, loginUser.password);
      const stored = await argon2Stored();
      const loginPairs = await interleaved(
        rounds,
        metered(server.proc.pid, cpu.login.ours, answered, async () => {
          const [logins, stream] = await Promise.all([
            loginLoad(server.base, loginUser, roundSeconds),
            loadRound(
              meOptions(server.base, first.token, roundSeconds, {
                connections: 2,
                overallRate: ME_STREAM_RATE,
              }),
            ),
          ]);
          return { ...logins, stream };
        }),
        metered(
          undefined,
          cpu.login.reference,
          (round) => round.done,
          async () => ({
            ...(await argon2ThreadsRate(stored, BENCH_PASSWORD, roundSeconds, LOGIN_CONNECTIONS)),
            latencies: [],
          }),
        ),
      );
      const save = summarisePairs(savePairs);
      const me = summarisePairs(mePairs);
      const logins = summarisePairs(loginPairs);
      argon2[db] = logins.reference.median;
      const streams = loginPairs.map((pair) => pair.ours.stream);
      const streamP99 = Math.round(
        rankQuantile(
          streams.flatMap((round) => round.paced),
          0.99,
        ),
      );
      const streamAnswered = streams.flatMap((round) => round.latencies);
      const streamFailed = streams.reduce(
        (sum, round) => sum + round.summary.non2xx + round.summary.errors,
        0,
      );
      const serverWords = pgTarget ? 'server' : 'server (PGlite in it)';
      const rawWords = pgTarget ? 'raw driver' : 'raw PGlite and driver';
      const saveCpu = cpuText(cpu.save.ours, cpu.save.reference, {
        unit: 'save',
        server: serverWords,
        bench: 'load generator',
        reference: rawWords,
        database: pgTarget,
      });
      const meCpu = cpuText(cpu.me.ours, cpu.me.reference, {
        unit: 'request',
        server: serverWords,
        bench: 'load generator',
        reference: rawWords,
        database: pgTarget,
      });
      const loginCpu = cpuText(cpu.login.ours, cpu.login.reference, {
        unit: 'login',
        server: `${serverWords} with its argon2 threads`,
        bench: 'load generator and the /auth/me stream',
        reference: 'raw argon2',
        database: pgTarget,
      });
      details[db] = {
        rounds: {
          save: { ratios: save.ratios, ours: savePairs.map((p) => p.ours.rate), raw: rawRounds(savePairs) },
          me: { ratios: me.ratios, ours: mePairs.map((p) => p.ours.rate), raw: rawRounds(mePairs) },
          httpFloor: {
            save: floorDetail(floorPairs.save, cpu.floorSave),
            me: floorDetail(floorPairs.me, cpu.floorMe),
          },
          login: {
            ratios: logins.ratios,
            ours: loginPairs.map((p) => p.ours.rate),
            argon2: loginPairs.map((p) => p.reference.rate),
          },
        },
        save: { failed: save.failed, codes: save.codes },
        me: { failed: me.failed, codes: me.codes },
        login: { failed: logins.failed, codes: logins.codes },
        meDuringLogin: streams.map((round) => outcomeText(round.summary)),
        rawSql: {
          poolSize: raw.poolSize,
          save: { statements: reference.save.map(oneLine) },
          me: { statements: reference.me.map(oneLine) },
        },
        cpu: { save: saveCpu.detail, me: meCpu.detail, login: loginCpu.detail },
        rssIdleMb: rssIdle,
        rssAfterSaveMb: rssAfterSave,
        database: pgTarget
          ? database?.own
            ? 'throw-away database next to DATABASE_URL'
            : 'DATABASE_URL itself'
          : 'PGlite in a temp DATA_DIR',
      };
      dbs.push({ db, rssAfterSaveMb: rssAfterSave, rssIdleMb: rssIdle });

      const failures = (failed: number, codes: Array<Record<string, number>>) =>
        failed > 0 ? ` ${failed} non-2xx or failed (codes per round ${JSON.stringify(codes)}).` : '';
      const onPg = (met: boolean) => (pgTarget ? met : null);
      const targetText = (text: string) => (pgTarget ? text : `${text} (on PostgreSQL)`);
      const rawFailures = (pairs: Array<{ reference: RawSummary }>) => {
        const failed = pairs.reduce((sum, pair) => sum + pair.reference.failures, 0);
        return failed > 0 ? ` Raw SQL: ${failed} failed.` : '';
      };
      const statementsText = (statements: RawReference['save']) =>
        `${statements.length} statement(s), one round trip each: ${statements
          .map((statement) => oneLine(statement).slice(0, 40))
          .join(' | ')}`;
      const rawText = `raw SQL: ${raw.poolSize === 1 ? 'PGlite, one connection (queued)' : `pg pool of ${raw.poolSize}`}, ${connections} at a time`;
      const roundsText = (ratios: number[]) =>
        `${rounds} alternating rounds of ${roundSeconds} s each side; ratio = median of the rounds' ratios (${ratioList(ratios)})`;
      rows.push({
        section: '4',
        metric: `auto-save PUT complaint history, ${db}`,
        unit: 'req/s',
        ours: save.ours,
        reference: { label: 'raw SQL of the same save', value: save.reference },
        ratio: save.ratio.median,
        target: {
          text: targetText(`≥ ${RAW_RATIO_TARGET} × raw SQL`),
          met: onPg(save.ratio.median >= RAW_RATIO_TARGET),
        },
        note: `${connections} connections; ${roundsText(save.ratios)}; latency p50 ${save.p50} ms (raw ${save.referenceP50} ms); ${rawText}; ${statementsText(reference.save)}; bare Fastify PUT ${Math.round(bare.save.rps.median)} req/s. ${saveCpu.text}.${floorText(floorPairs.save, 'parsing the same body and sending the same statements', save.ratio.median, { ours: cpu.save.ours, floor: cpu.floorSave.ours })}${failures(save.failed, save.codes)}${rawFailures(savePairs)}`,
      });
      rows.push({
        section: '4',
        metric: `auto-save PUT p99 latency, ${db}`,
        unit: 'ms',
        ours: single(save.p99),
        reference: { label: 'raw SQL of the same save', value: single(save.referenceP99) },
        target: { text: targetText('p99 ≤ 50 ms'), met: onPg(save.p99 <= 50) },
        note: `over all rounds' answers; bare Fastify PUT p99 ${bare.save.p99} ms.`,
      });
      rows.push({
        section: '4',
        metric: `GET /auth/me, ${db}`,
        unit: 'req/s',
        ours: me.ours,
        reference: { label: 'raw SQL of the same /auth/me', value: me.reference },
        ratio: me.ratio.median,
        target: {
          text: targetText(`≥ ${RAW_RATIO_TARGET} × raw SQL`),
          met: onPg(me.ratio.median >= RAW_RATIO_TARGET),
        },
        note: `${connections} connections; ${roundsText(me.ratios)}; latency p50 ${me.p50} ms (raw ${me.referenceP50} ms); ${rawText}; ${statementsText(reference.me)}; bare Fastify ${Math.round(bare.me.rps.median)} req/s. ${meCpu.text}.${floorText(floorPairs.me, 'sending the same statement', me.ratio.median, { ours: cpu.me.ours, floor: cpu.floorMe.ours })}${failures(me.failed, me.codes)}${rawFailures(mePairs)}`,
      });
      rows.push({
        section: '4',
        metric: `GET /auth/me p99 latency, ${db}`,
        unit: 'ms',
        ours: single(me.p99),
        reference: { label: 'raw SQL of the same /auth/me', value: single(me.referenceP99) },
        target: { text: targetText('p99 ≤ 50 ms'), met: onPg(me.p99 <= 50) },
        note: `over all rounds' answers; bare Fastify p99 ${bare.me.p99} ms.`,
      });
      rows.push({
        section: '4',
        metric: `login, ${db}`,
        unit: 'req/s',
        ours: logins.ours,
        reference: { label: 'raw argon2id verify', value: logins.reference },
        ratio: logins.ratio.median,
        target: {
          text: targetText(`≥ ${LOGIN_RATIO_TARGET} × raw argon2`),
          met: onPg(logins.ratio.median >= LOGIN_RATIO_TARGET),
        },
        note: `${LOGIN_CONNECTIONS} connections (argon2: ${LOGIN_CONNECTIONS} at a time on one thread per core, ADR 159); ${roundsText(logins.ratios)}; argon2id m=${PRODUCTION_HASH_COST.memoryCost} t=${PRODUCTION_HASH_COST.timeCost} p=${PRODUCTION_HASH_COST.parallelism}. ${loginCpu.text}.${failures(logins.failed, logins.codes)}`,
      });
      rows.push({
        section: '4',
        metric: `GET /auth/me p99 during login load, ${db}`,
        unit: 'ms',
        ours: single(streamP99),
        reference: { label: '/auth/me alone, p99', value: single(me.p99) },
        target: { text: targetText('p99 < 100 ms'), met: onPg(streamP99 < 100) },
        note: `${ME_STREAM_RATE} req/s stream beside the login rounds (${streamAnswered.length} answers), late answers counted at the stream's pace (every ${1000 / (ME_STREAM_RATE / 2)} ms per connection); as answered, p99 ${Math.round(rankQuantile(streamAnswered, 0.99))} ms; with autocannon's 1 ms interval (the figure before ADR 144) ${Math.round(rankQuantile(withExpectedInterval(streamAnswered, 1), 0.99))} ms.${streamFailed > 0 ? ` ${streamFailed} non-2xx or failed.` : ''}`,
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
