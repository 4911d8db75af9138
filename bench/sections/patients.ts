/**
 * Section 9: the Patients page of a practitioner with 2 000 clients (ADR 136), PostgreSQL only. The caseload is
 * sealed with the server's own data key and inserted straight into a throw-away database, like a real one: every
 * client with an intake (name summary and a demographics section), most with a few questionnaire responses, one
 * in four with a measurement schedule whose occurrences are due, overdue, sent or answered, some with link results
 * not yet seen. Two rows:
 * - answered: the requests the page makes for its list (GET /api/clients and /api/links/new-results, side by
 *   side as the page sends them), timed from outside the server until both bodies are in;
 * - drawn: Chromium at 1280 px with the CPU slowed 4x, on the page's own clock from the last API body it holds
 *   to the first frame whose list shows a client's link.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Browser, chromium } from 'playwright-core';
import { resolveDataKey } from '../../src/server/crypto/data-key';
import { deriveDataKeys, encryptJson } from '../../src/server/crypto/encryption';
import { createPractitioner } from '../lib/api-client';
import { pageClockProbe, signIn } from '../lib/page-clock';
import { createBenchDatabase } from '../lib/postgres';
import { productBuild } from '../lib/product-build';
import type { Row } from '../lib/results';
import { type ProductServer, startBenchServer, tempDataDir } from '../lib/servers';
import { spread } from '../lib/stats';
import type { BenchContext } from './context';
import { CHROMIUM, CHROMIUM_ARGS } from './typing';

const CLIENTS = 2000;
const ANSWERED_TARGET_MS = 100;
const DRAWN_TARGET_MS = 300;
const ANSWERED = `Patients list, ${CLIENTS.toLocaleString('en').replace(',', ' ')} clients: answered`;
const DRAWN = `Patients list, ${CLIENTS.toLocaleString('en').replace(',', ' ')} clients: drawn`;
const DAY_MS = 86_400_000;
const FIRST = ['Ayşe', 'Mehmet', 'Zeynep', 'Emir', 'Elif', 'Yusuf', 'Defne', 'Ali', 'Ecrin', 'Kerem'];
const LAST = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Aydın', 'Öztürk', 'Arslan', 'Doğan'];

/** Rows in batches, each one multi-row insert. */
async function insertRows(client: pg.Client, table: string, columns: string[], rows: unknown[][]) {
  const size = Math.floor(60_000 / columns.length);
  for (let at = 0; at < rows.length; at += size) {
    const batch = rows.slice(at, at + size);
    const values = batch
      .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
      .join(', ');
    await client.query(`insert into ${table} (${columns.join(', ')}) values ${values}`, batch.flat());
  }
}

/** The 95th percentile (nearest rank). */
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? Number.NaN;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A caseload of CLIENTS clients under the practitioner with `email`, sealed with `key`. */
async function seed(url: string, key: Buffer, email: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [email]);
    const practitionerId = rows[0]!.id;
    const now = Date.now();
    const intakes: unknown[][] = [];
    const responses: unknown[][] = [];
    const links: unknown[][] = [];
    const schedules: unknown[][] = [];
    const occurrences: unknown[][] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const id = randomUUID();
      const first = `${FIRST[c % FIRST.length]}`;
      const last = `${LAST[Math.floor(c / FIRST.length) % LAST.length]} ${c + 1}`;
      const birthDate = isoDay(now - (4 + (c % 14)) * 365.25 * DAY_MS - (c % 300) * DAY_MS);
      const demographics = {
        clientFirstName: first,
        clientLastName: last,
        birthDate,
        gender: c % 2 ? 'female' : 'male',
        school: 'Atatürk İlkokulu',
        grade: String(1 + (c % 8)),
        livesWith: 'bothParents',
        guardianFirstName: 'Veli',
        guardianLastName: last,
        guardianPhone: '+90 555 000 00 00',
        referralSource: 'school',
        concerns: 'Okulda dikkatini toplamakta zorlanıyor; evde ödevlerini bitirmekte güçlük çekiyor.',
      };
      const sections = { demographics: encryptJson(key, demographics, `client-intake:${id}:demographics`) };
      const summary = encryptJson(key, { clientName: `${first} ${last}` }, `client-intake-summary:${id}`);
      const updated = new Date(now - (c % 400) * DAY_MS);
      intakes.push([
        id,
        practitionerId,
        c % 5 === 0 ? 'draft' : 'submitted',
        3,
        '{}',
        JSON.stringify(sections),
        summary,
        '{}',
        updated,
        updated,
      ]);
      // most clients have a few responses; every seventh one came by a link and is not seen yet
      for (let r = 0; r < c % 6; r++) {
        const responseId = randomUUID();
        const at = new Date(now - (c % 400) * DAY_MS + r * 14 * DAY_MS);
        responses.push([
          responseId,
          practitionerId,
          id,
          'school-day',
          1,
          1,
          'tr',
          r % 2 ? 'teacher' : 'guardian',
          'submitted',
          encryptJson(key, { f1: 'often', f2: 'never' }, `questionnaire-response:${responseId}:answers`),
          encryptJson(key, { scales: [], flags: [] }, `questionnaire-response:${responseId}:result`),
          at,
          at,
          at,
        ]);
        if (c % 7 === 0 && r === 0) {
          links.push([
            randomUUID(),
            practitionerId,
            id,
            responseId,
            randomUUID().replaceAll('-', ''),
            'guardian',
            'tr',
            new Date(at.getTime() + 30 * DAY_MS),
            at,
          ]);
        }
      }
      // one client in four on a fortnightly schedule over a year, its past days answered, sent, overdue or due
      if (c % 4 === 0) {
        const scheduleId = randomUUID();
        const start = now - 200 * DAY_MS;
        schedules.push([
          scheduleId,
          practitionerId,
          id,
          'school-day',
          'guardian',
          'tr',
          encryptJson(key, 'veli@example.com', `measurement-schedule:${scheduleId}:email`),
          2,
          isoDay(start),
          c % 8 === 0 ? 'active' : 'paused',
        ]);
        for (let o = 0; o < 26; o++) {
          const due = start + o * 14 * DAY_MS;
          const past = due <= now;
          const state = !past || o % 5 === 3 ? 'due' : o % 5 === 4 ? 'overdue' : o % 2 ? 'sent' : 'answered';
          occurrences.push([randomUUID(), scheduleId, isoDay(due), state]);
        }
      }
    }
    await insertRows(
      client,
      'client_intakes',
      [
        'id',
        'practitioner_id',
        'status',
        'version',
        'forms',
        'sections_encrypted',
        'summary_encrypted',
        'section_states',
        'created_at',
        'updated_at',
      ],
      intakes,
    );
    await insertRows(
      client,
      'questionnaire_responses',
      [
        'id',
        'practitioner_id',
        'intake_id',
        'questionnaire_id',
        'questionnaire_version',
        'scoring_version',
        'language',
        'respondent',
        'status',
        'answers_encrypted',
        'result_encrypted',
        'created_at',
        'updated_at',
        'submitted_at',
      ],
      responses,
    );
    await insertRows(
      client,
      'respondent_links',
      [
        'id',
        'practitioner_id',
        'intake_id',
        'response_id',
        'token_hash',
        'respondent',
        'language',
        'expires_at',
        'created_at',
      ],
      links,
    );
    await insertRows(
      client,
      'measurement_schedules',
      [
        'id',
        'practitioner_id',
        'intake_id',
        'questionnaire_id',
        'respondent',
        'language',
        'email_encrypted',
        'every_weeks',
        'start_on',
        'state',
      ],
      schedules,
    );
    await insertRows(client, 'schedule_occurrences', ['id', 'schedule_id', 'due_on', 'state'], occurrences);
    await client.query('analyze');
    return { responses: responses.length, schedules: schedules.length, links: links.length };
  } finally {
    await client.end();
  }
}

/** The requests the Patients page makes for its list, side by side; ms until both bodies are in. */
async function answerOnce(base: string, token: string): Promise<number> {
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as unknown;
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return body;
  };
  const start = performance.now();
  const [list] = await Promise.all([get('/api/clients'), get('/api/links/new-results')]);
  const ms = performance.now() - start;
  if (!Array.isArray(list) || list.length !== CLIENTS)
    throw new Error(`GET /api/clients: ${Array.isArray(list) ? list.length : 'no'} clients`);
  return ms;
}

/**
 * Runs in the page before its scripts: notes when each API body has arrived, and on each frame whether the list
 * shows a client's link; the first such frame is the list drawn.
 */
const DRAWN_PROBE = pageClockProbe(`document.querySelector('main li a[href^="/patients/"]')`, '__drawnAt');

async function drawOnce(browser: Browser, base: string, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await signIn(page, base, email);
    await page.addInitScript(DRAWN_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/patients`, { waitUntil: 'commit' });
    await page.waitForFunction(() => typeof (window as { __drawnAt?: number }).__drawnAt === 'number', null, {
      timeout: 120_000,
      polling: 500,
    });
    const { drawnAt, arrivals } = await page.evaluate(() => {
      const w = window as unknown as { __drawnAt: number; __arrivals: number[] };
      return { drawnAt: w.__drawnAt, arrivals: w.__arrivals };
    });
    const arrived = Math.max(...arrivals.filter((t) => t <= drawnAt));
    const rows = await page.locator('main li a[href^="/patients/"]').count();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { afterData: drawnAt - arrived, fromNavigation: drawnAt, rows };
  } finally {
    await context.close();
  }
}

export async function patientsSection(ctx: BenchContext, productServer: ProductServer): Promise<Row[]> {
  const answeredTarget = { text: `≤ ${ANSWERED_TARGET_MS} ms`, met: null as boolean | null };
  const drawnTarget = { text: `≤ ${DRAWN_TARGET_MS} ms`, met: null as boolean | null };
  if (!ctx.databaseUrl) {
    const note = 'not run: set DATABASE_URL to a PostgreSQL database';
    return [
      { section: '9', metric: ANSWERED, unit: 'ms', ours: null, target: answeredTarget, note },
      { section: '9', metric: DRAWN, unit: 'ms', ours: null, target: drawnTarget, note },
    ];
  }
  const clientDir = await productBuild(ctx, productServer);
  const db = await createBenchDatabase(ctx.databaseUrl, 'patients');
  const dataDir = tempDataDir(ctx.outDir, 'patients');
  const server = await startBenchServer(ctx.root, { dataDir, databaseUrl: db.url, clientDir });
  let browser: Browser | undefined;
  try {
    const email = `patients-${Date.now()}@bench.example`;
    const practitioner = await createPractitioner(server.base, email);
    // the server made its key in DATA_DIR on start; seeding seals with it as the server would
    const key = deriveDataKeys(resolveDataKey(undefined, dataDir)).encryption;
    ctx.log(`section 9: seeding ${CLIENTS} clients into PostgreSQL`);
    const seeded = await seed(db.url, key, email);
    ctx.log(
      `section 9: ${seeded.responses} responses, ${seeded.schedules} schedules, ${seeded.links} unseen link results`,
    );

    for (let i = 0; i < 3; i++) await answerOnce(server.base, practitioner.token);
    const times: number[] = [];
    for (let i = 0; i < (ctx.quick ? 10 : 40); i++)
      times.push(await answerOnce(server.base, practitioner.token));
    const answered = spread(times);
    answeredTarget.met = answered.median <= ANSWERED_TARGET_MS;

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
    const loads = ctx.quick ? 3 : 7;
    const draws: number[] = [];
    for (let i = 0; i < loads; i++) {
      const load = await drawOnce(browser, server.base, email);
      draws.push(load.afterData);
      ctx.log(
        `patients page load ${i + 1}/${loads}: drawn ${Math.round(load.afterData)} ms after the data (${Math.round(load.fromNavigation)} ms from navigation, ${load.rows} clients drawn)`,
      );
    }
    const drawn = spread(draws);
    drawnTarget.met = drawn.median <= DRAWN_TARGET_MS;
    return [
      {
        section: '9',
        metric: ANSWERED,
        unit: 'ms',
        ours: answered,
        target: answeredTarget,
        note: `GET /api/clients and /api/links/new-results side by side; p95 ${Math.round(p95(times))} ms, slowest of ${times.length}: ${Math.round(answered.max)} ms`,
      },
      {
        section: '9',
        metric: DRAWN,
        unit: 'ms',
        ours: drawn,
        target: drawnTarget,
        note: `median of ${loads} loads at 1280 px, CPU 4x; the page's own clock, from the last API body it holds to the frame with the list's first client`,
      },
    ];
  } finally {
    await browser?.close();
    await server.proc.stop();
    await db.drop();
  }
}
