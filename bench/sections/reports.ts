/**
 * Section 7: the change report (ADR 129) over a caseload of 500 clients × 20 responses, seeded straight into
 * PostgreSQL (sealed with the server's own data key, as the server seals them), then GET /api/reports/change timed
 * from outside the server. Reference, in the same run: what opening every result of the caseload costs (the
 * report's first form did), so the ratio shows what opening only the compared ones saves.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { resolveDataKey } from '../../src/server/crypto/data-key';
import { decryptJson, deriveDataKeys, encryptJson } from '../../src/server/crypto/encryption';
import { createPractitioner } from '../lib/api-client';
import { createBenchDatabase } from '../lib/postgres';
import type { Row } from '../lib/results';
import { startBenchServer, tempDataDir } from '../lib/servers';
import { type Spread, spread } from '../lib/stats';
import type { BenchContext } from './context';

const CLIENTS = 500;
const RESPONSES = 20;
const QUESTIONNAIRE = 'worries-and-mood';
const SCALES = ['worry', 'mood', 'distress'];
const METRIC = `Change report GET, ${CLIENTS} clients × ${RESPONSES} responses (PostgreSQL)`;
const TARGET_MS = 300;

/** A score result shaped as the scorer stores one: three scales with bands and normed scores, and its context. */
function resultOf(seed: number) {
  return {
    scales: SCALES.map((id, i) => ({
      id,
      labelKey: `_scales.${id}.label`,
      method: 'sum',
      score: (seed * 7 + i * 5) % 19,
      answered: 6,
      required: 6,
      itemCount: 6,
      range: { min: 0, max: 18 },
      band: { id: 'raised', labelKey: `_scales.${id}.bands.raised`, severity: 'mild' },
      bandOn: 't',
      normed: { group: 'self-11-14', t: 40 + ((seed + i) % 30), percentile: (seed * 3 + i) % 100 },
    })),
    flags: [],
    context: { respondent: 'self', age: 12, sex: 'female' },
  };
}

/** Rows in batches, each one multi-row insert. */
async function insertRows(client: pg.Client, table: string, columns: string[], rows: unknown[][]) {
  for (let at = 0; at < rows.length; at += 1000) {
    const batch = rows.slice(at, at + 1000);
    const values = batch
      .map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
      .join(', ');
    await client.query(`insert into ${table} (${columns.join(', ')}) values ${values}`, batch.flat());
  }
}

async function seed(url: string, key: Buffer, email: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [email]);
    const practitionerId = rows[0]!.id;
    const clients: unknown[][] = [];
    const responses: unknown[][] = [];
    const now = Date.now();
    for (let c = 0; c < CLIENTS; c++) {
      const id = randomUUID();
      const summary = encryptJson(key, { clientName: `Danışan ${c + 1}` }, `client-intake-summary:${id}`);
      clients.push([id, practitionerId, 'draft', 1, '{}', '{}', summary, '{}', new Date(now)]);
      for (let r = 0; r < RESPONSES; r++) {
        const responseId = randomUUID();
        // spread over the last eleven months, oldest first
        const at = new Date(now - (RESPONSES - r) * 16 * 86_400_000);
        responses.push([
          responseId,
          practitionerId,
          id,
          QUESTIONNAIRE,
          1,
          1,
          'tr',
          'self',
          'submitted',
          encryptJson(key, {}, `questionnaire-response:${responseId}:answers`),
          encryptJson(key, resultOf(c + r), `questionnaire-response:${responseId}:result`),
          at,
          at,
          at,
        ]);
      }
    }
    const intakeColumns = [
      'id',
      'practitioner_id',
      'status',
      'version',
      'forms',
      'sections_encrypted',
      'summary_encrypted',
      'section_states',
      'updated_at',
    ];
    await insertRows(client, 'client_intakes', intakeColumns, clients);
    const responseColumns = [
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
    ];
    await insertRows(client, 'questionnaire_responses', responseColumns, responses);
    await client.query('analyze');
    return practitionerId;
  } finally {
    await client.end();
  }
}

/** Every result of the caseload fetched and opened: the cost the report no longer pays. */
async function openEverything(url: string, key: Buffer, practitionerId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const start = performance.now();
    const { rows } = await client.query<{ id: string; result_encrypted: string }>(
      'select id, result_encrypted from questionnaire_responses where practitioner_id = $1 and questionnaire_id = $2',
      [practitionerId, QUESTIONNAIRE],
    );
    for (const row of rows) decryptJson(key, row.result_encrypted, `questionnaire-response:${row.id}:result`);
    return performance.now() - start;
  } finally {
    await client.end();
  }
}

export async function reportsSection(ctx: BenchContext): Promise<Row[]> {
  const target = { text: `≤ ${TARGET_MS} ms`, met: null as boolean | null };
  if (!ctx.databaseUrl) {
    return [
      {
        section: '7',
        metric: METRIC,
        unit: 'ms',
        ours: null,
        target,
        note: 'not run: set DATABASE_URL to a PostgreSQL database',
      },
    ];
  }
  const db = await createBenchDatabase(ctx.databaseUrl, 'reports');
  const dataDir = tempDataDir(ctx.outDir, 'reports');
  const server = await startBenchServer(ctx.root, { dataDir, databaseUrl: db.url });
  try {
    const email = `reports-${Date.now()}@bench.example`;
    const practitioner = await createPractitioner(server.base, email);
    // the server made its key in DATA_DIR on start; seeding seals with it as the server would
    const key = deriveDataKeys(resolveDataKey(undefined, dataDir)).encryption;
    ctx.log(`section 7: seeding ${CLIENTS} clients × ${RESPONSES} responses into PostgreSQL`);
    const practitionerId = await seed(db.url, key, email);

    const url = `${server.base}/api/reports/change?questionnaire=${QUESTIONNAIRE}&scale=worry`;
    const get = async () => {
      const start = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${practitioner.token}` } });
      const body = (await response.json()) as { clients?: unknown[] };
      const ms = performance.now() - start;
      if (!response.ok || body.clients?.length !== CLIENTS)
        throw new Error(`GET ${url}: ${response.status}, ${body.clients?.length} clients`);
      return ms;
    };
    for (let i = 0; i < 3; i++) await get();
    const times: number[] = [];
    for (let i = 0; i < (ctx.quick ? 10 : 40); i++) times.push(await get());
    const reference: number[] = [];
    for (let i = 0; i < (ctx.quick ? 3 : 10); i++)
      reference.push(await openEverything(db.url, key, practitionerId));
    const ours: Spread = spread(times);
    target.met = ours.median <= TARGET_MS;
    return [
      {
        section: '7',
        metric: METRIC,
        unit: 'ms',
        ours,
        reference: { label: 'fetching and opening every result', value: spread(reference) },
        target,
        note: `slowest of ${times.length}: ${Math.round(ours.max)} ms`,
      },
    ];
  } finally {
    await server.proc.stop();
    await db.drop();
  }
}
