import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION } from '../../src/server/config';
import { runPurge } from '../../src/server/privacy/purge-job';
import { validSections } from '../fixtures/intake/sections';
import { readGolden } from '../fixtures/questionnaires/golden';
import { STRONG_PASSWORD, uniqueEmail } from './support/fixtures';
import { approvedUser, bearer } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

/*
 * KVKK: once a practitioner's deletion is purged, no table holds a row, key or value of theirs or of their
 * clients. The tables are read from the database's catalogue, so a table added later is checked without being
 * named here. What the practitioner's values are is found the same way: every row holding their id, e-mail or the
 * keyed hash their rate-limit counters use gives its ids, hashes, tokens and addresses, and so on until nothing
 * new turns up; values a second practitioner's rows hold too (a questionnaire's scoring hash) are the product's,
 * not theirs. The only table left out is named in LEFT_OUT, with its reason (ADR 164).
 */
const LEFT_OUT: Record<string, string> = {};

let t: TestApp;
let app: FastifyInstance;

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
// a complete response: the golden case with the most answers
const ANSWERS = readGolden('everyday-feelings').cases.reduce((most, c) =>
  Object.keys(c.answers).length > Object.keys(most.answers).length ? c : most,
).answers;

beforeAll(async () => {
  t = await createTestApp({ purgeSchedule: false });
  app = t.app;
});

afterAll(async () => {
  await t?.close();
});

/** Every table of the database, from its catalogue. */
async function tables(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_schema || '.' || table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1`.execute(app.db);
  return rows.map((row) => row.name);
}

/** Each row of each table as its JSON text (row_to_json: every column, whatever its type). */
async function everyRow(): Promise<Array<{ table: string; text: string }>> {
  const found: Array<{ table: string; text: string }> = [];
  for (const name of await tables()) {
    const [schema, table] = name.split('.') as [string, string];
    const { rows } = await sql<{ row: string }>`select row_to_json(r)::text as row from ${sql.table(
      `${schema}.${table}`,
    )} r`.execute(app.db);
    for (const { row } of rows) found.push({ table: name, text: row });
  }
  return found;
}

/** The values in a row that single out a person or a record: ids, addresses, hashes, tokens, ciphertexts. */
const IDENTIFYING = [
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g,
  /[0-9a-f]{32,}/gi,
  /[A-Za-z0-9_-]{40,}/g,
];
/** Not a person's: the product's own address in its mails, and a file's bytes (the same test PDF for all). */
function identifying(text: string, product: Set<string>): string[] {
  const values = text.replace(/\\\\x[0-9a-f]*/g, '');
  return IDENTIFYING.flatMap((pattern) => values.match(pattern) ?? []).filter((value) => !product.has(value));
}

/** Everything reachable from the seeds through the rows that hold them. */
async function valuesOf(seeds: string[]): Promise<Set<string>> {
  const rows = await everyRow();
  const values = new Set(seeds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (![...values].some((value) => row.text.includes(value))) continue;
      for (const value of identifying(row.text, new Set([app.config.supportEmail]))) {
        if (!values.has(value)) {
          values.add(value);
          grew = true;
        }
      }
    }
  }
  return values;
}

/** The tables (but those left out) whose rows still hold one of the values, with what they hold. */
async function leftovers(values: Set<string>): Promise<string[]> {
  const found = new Set<string>();
  for (const row of await everyRow()) {
    if (row.table.split('.')[1]! in LEFT_OUT) continue;
    for (const value of values) if (row.text.includes(value)) found.add(`${row.table}: ${value}`);
  }
  return [...found].sort();
}

/**
 * A practitioner with something in every area: approved credentials (diploma, national ID hash, consents, review
 * mail), a client record naming a guardian, a submitted response, a respondent link mailed to the guardian, a
 * measurement schedule, a password-reset token, rate-limit counters and a failed sign-in.
 */
async function practitionerWithEverything() {
  // a surname of their own: mails to guardians name the practitioner in plain text
  const lastName = `Kalıntı${randomBytes(6).toString('hex').replace(/[0-9]/g, 'k')}`;
  const { email, token } = await approvedUser(app, { lastName });
  const { id } = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const who = { id, email, lastName, headers: bearer(token) };
  const guardian = uniqueEmail('guardian');
  const api = async (method: 'POST' | 'GET', url: string, payload?: unknown, expected = [200, 201]) => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(expected, `${method} ${url}: ${res.statusCode}`).toContain(res.statusCode);
    return res.headers['content-type']?.toString().includes('json') ? res.json() : undefined;
  };
  const { id: clientId } = await api('POST', '/client-intake', {
    demographics: { ...validSections.demographics, guardianEmail: guardian },
    status: 'draft',
  });
  const given = await api('POST', `/clients/${clientId}/responses`, { questionnaireId: 'everyday-feelings' });
  await api('POST', `/responses/${given.id}/submit`, { answers: ANSWERS, version: given.version });
  await api('GET', `/clients/${clientId}/results`);
  const link = await api('POST', `/clients/${clientId}/links`, {
    questionnaireId: 'home-routines',
    respondent: 'guardian',
    language: 'en',
    label: 'Ada',
  });
  await api('POST', `/links/${link.link.id}/send`, { email: guardian });
  await api('POST', `/clients/${clientId}/schedules`, {
    questionnaireId: 'home-routines',
    respondent: 'guardian',
    language: 'tr',
    email: guardian,
    everyWeeks: 2,
    startOn: '2099-01-05',
    times: 4,
  });
  await api('GET', '/account/export');
  for (const [url, payload] of [
    ['/auth/forgot-password', { email: who.email }],
    ['/auth/login', { email: who.email, password: 'Wr0ng!Pass', rememberMe: false }],
  ] as const) {
    await app.inject({ method: 'POST', url: `/api${url}`, payload });
  }
  return { ...who, guardian };
}

/** Asks for the deletion with the password and runs the purge once its grace period has passed. */
async function deleteAndPurge(who: { headers: Record<string, string> }) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/delete',
    headers: who.headers,
    payload: { password: STRONG_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(
    (await runPurge(app.db, DEFAULT_RETENTION, inDays(DEFAULT_RETENTION.deletionGraceDays + 1))).ran,
  ).toBe(true);
}

/** The practitioner's values, less those another practitioner made the same way holds too. */
async function fingerprints(who: Awaited<ReturnType<typeof practitionerWithEverything>>) {
  const other = await practitionerWithEverything();
  const seeds = (p: typeof who) => [p.id, p.email, p.lastName, p.guardian, app.limiter.subject(p.email)];
  const theirs = await valuesOf(seeds(who));
  const shared = await valuesOf(seeds(other));
  // the two practitioners share no value of a person: the search did not wander from one to the other
  expect(theirs.has(other.id), 'a row links the two practitioners').toBe(false);
  expect(shared.has(who.id), 'a row links the two practitioners').toBe(false);
  return { values: new Set([...theirs].filter((value) => !shared.has(value))), other };
}

describe('an account deletion, once purged', () => {
  it('leaves no row, key or value of the practitioner or their clients in any table', async () => {
    const who = await practitionerWithEverything();
    const { values, other } = await fingerprints(who);
    // the search sees the practitioner in most tables before the deletion: it can find what it looks for
    const before = new Set((await leftovers(values)).map((line) => line.split(':')[0]));
    for (const table of [
      'users',
      'sessions',
      'client_intakes',
      'questionnaire_responses',
      'respondent_links',
      'measurement_schedules',
      'files',
      'audit_entries',
      'mail_outbox',
      'account_events',
      'one_time_tokens',
      'rate_limits',
    ]) {
      expect(before, table).toContain(`public.${table}`);
    }

    await deleteAndPurge(who);
    expect(await leftovers(values)).toEqual([]);
    // and the other practitioner's data is all still there
    expect((await leftovers(await valuesOf([other.id]))).length).toBeGreaterThan(20);
  });

  it('fails when a table holding an address is not purged (a throwaway table made here)', async () => {
    await sql`create table throwaway_contacts (id uuid primary key, address text not null)`.execute(app.db);
    try {
      const who = await practitionerWithEverything();
      await sql`insert into throwaway_contacts values (${randomUUID()}, ${who.email})`.execute(app.db);
      const { values } = await fingerprints(who);
      await deleteAndPurge(who);
      expect(await leftovers(values)).toContain(`public.throwaway_contacts: ${who.email}`);
    } finally {
      await sql`drop table throwaway_contacts`.execute(app.db);
    }
  });
});
