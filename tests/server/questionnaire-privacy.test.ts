import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION } from '../../src/server/config';
import { runPurge } from '../../src/server/privacy/purge-job';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, type Practitioner } from '../fixtures/intake/server';
import { readGolden } from '../fixtures/questionnaires/golden';
import { STRONG_PASSWORD } from './support/fixtures';
import { payloadOf } from './support/flows';
import { readZip } from './support/read-zip';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let bob: Practitioner;

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
// the golden case with the most answers: a complete response of the larger example
const FULL = readGolden('everyday-feelings').cases.reduce((most, c) =>
  Object.keys(c.answers).length > Object.keys(most.answers).length ? c : most,
);

beforeAll(async () => {
  t = await createTestApp({ purgeSchedule: false });
  app = t.app;
  alice = await createPractitioner(app);
  bob = await createPractitioner(app);
});

afterAll(async () => {
  await t?.close();
});

const api = (who: Practitioner) => (method: InjectOptions['method'], url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: { ...who.headers, 'x-forwarded-for': '203.0.113.44' },
    ...payloadOf(method, payload),
  });

async function newClient(who: Practitioner): Promise<string> {
  const res = await api(who)('POST', '/client-intake', {
    demographics: validSections.demographics,
    status: 'draft',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function submittedResponse(who: Practitioner, clientId: string) {
  const given = await api(who)('POST', `/clients/${clientId}/responses`, {
    questionnaireId: 'everyday-feelings',
  });
  expect(given.statusCode, given.body).toBe(201);
  const { id, version } = given.json();
  const res = await api(who)('POST', `/responses/${id}/submit`, { answers: FULL.answers, version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; result: { scales: Array<{ id: string; score: number | null }> } };
}

interface Entry {
  action: string;
  client_id: string | null;
  record_type: string;
  record_id: string | null;
  actor_id: string;
  address: string | null;
}

const entries = async (): Promise<Entry[]> =>
  (await app.db.selectFrom('audit_entries').selectAll().orderBy('id').execute()) as Entry[];

async function added(call: () => Promise<LightMyRequestResponse>, status: number) {
  const before = (await entries()).length;
  const res = await call();
  expect(res.statusCode, res.body).toBe(status);
  return { res, rows: (await entries()).slice(before) };
}

describe('the audit trail of questionnaire responses and results', () => {
  it('writes exactly one entry for each give, read, save, submit, results read and CSV export', async () => {
    const clientId = await newClient(alice);
    const a = api(alice);

    const given = await added(
      () => a('POST', `/clients/${clientId}/responses`, { questionnaireId: 'everyday-feelings' }),
      201,
    );
    const { id, version } = given.res.json() as { id: string; version: number };
    const one = (action: string, recordType: string, recordId: string) => [
      { action, client_id: clientId, record_type: recordType, record_id: recordId, actor_id: alice.id },
    ];
    const shape = (rows: Entry[]) =>
      rows.map(({ action, client_id, record_type, record_id, actor_id }) => ({
        action,
        client_id,
        record_type,
        record_id,
        actor_id,
      }));
    expect(shape(given.rows)).toEqual(one('create', 'questionnaire-response', id));

    const read = await added(() => a('GET', `/responses/${id}`), 200);
    expect(shape(read.rows)).toEqual(one('read', 'questionnaire-response', id));
    const saved = await added(() => a('PUT', `/responses/${id}`, { answers: FULL.answers, version }), 200);
    expect(shape(saved.rows)).toEqual(one('change', 'questionnaire-response', id));
    const submitted = await added(
      () => a('POST', `/responses/${id}/submit`, { version: saved.res.json().version }),
      200,
    );
    expect(shape(submitted.rows)).toEqual(one('submit', 'questionnaire-response', id));

    expect(shape((await added(() => a('GET', `/clients/${clientId}`), 200)).rows)).toEqual(
      one('read', 'client', clientId),
    );
    expect(shape((await added(() => a('GET', `/clients/${clientId}/results`), 200)).rows)).toEqual(
      one('read', 'questionnaire-results', clientId),
    );
    expect(shape((await added(() => a('GET', `/clients/${clientId}/scores.csv`), 200)).rows)).toEqual(
      one('export', 'questionnaire-results', clientId),
    );
    const listed = await added(() => a('GET', '/clients'), 200);
    expect(listed.rows.map((r) => [r.action, r.client_id])).toEqual([['list', null]]);
    expect(listed.rows[0]?.address).toBeTruthy();
  });

  it('writes nothing for another practitioner’s response (a 404), and never the answers or scores', async () => {
    const clientId = await newClient(alice);
    const response = await submittedResponse(alice, clientId);
    const refused = await added(() => api(bob)('GET', `/responses/${response.id}`), 404);
    expect(refused.rows).toEqual([]);
    const dump = JSON.stringify(await entries());
    expect(dump).not.toContain(JSON.stringify(FULL.answers).slice(1, -1));
    expect(dump).not.toMatch(/"score"|answers/);
  });
});

describe('responses in the account archive (GET /api/account/export)', () => {
  it('holds each response with its answers and the server’s scores, and nothing of another practitioner', async () => {
    const carol = await createPractitioner(app);
    const clientId = await newClient(carol);
    const response = await submittedResponse(carol, clientId);
    const bobsClient = await newClient(bob);
    const bobs = await submittedResponse(bob, bobsClient);

    const res = await api(carol)('GET', '/account/export');
    expect(res.statusCode, res.body).toBe(200);
    const zip = readZip(res.rawPayload);
    const data = JSON.parse(zip.get('data/questionnaire-responses.json')!.toString('utf8')) as Array<{
      id: string;
      clientId: string;
      answers: unknown;
      result: unknown;
    }>;
    expect(data.map((r) => [r.id, r.clientId])).toEqual([[response.id, clientId]]);
    expect(data[0]!.answers).toEqual(FULL.answers);
    expect(data[0]!.result).toEqual(response.result);
    expect(zip.get('summary/questionnaire-responses.csv')?.toString('utf8')).toContain('Everyday Feelings');
    const everything = [...zip.values()].map((b) => b.toString('utf8')).join('\n');
    expect(everything).not.toContain(bobs.id);
    expect(everything).not.toContain(bobsClient);
  });
});

describe('the purge of responses', () => {
  const held = async (clientId: string) =>
    (
      await app.db
        .selectFrom('questionnaire_responses')
        .select('id')
        .where('intake_id', '=', clientId)
        .execute()
    ).length;
  const log = async () =>
    (await app.db.selectFrom('destruction_log').selectAll().orderBy('id').execute()).map((l) => [
      l.category,
      l.count,
      l.rule,
    ]);

  it('removes a deleted client’s responses with the record after the grace period, and logs how many', async () => {
    // what earlier tests left due goes first, so the log below is this test's alone
    await runPurge(app.db, DEFAULT_RETENTION, inDays(31));
    const dave = await createPractitioner(app);
    const clientId = await newClient(dave);
    await submittedResponse(dave, clientId);
    await submittedResponse(dave, clientId);
    expect((await api(dave)('DELETE', `/client-intake/${clientId}`)).statusCode).toBe(204);

    await runPurge(app.db, DEFAULT_RETENTION, inDays(29));
    expect(await held(clientId)).toBe(2);
    const before = (await log()).length;
    await runPurge(app.db, DEFAULT_RETENTION, inDays(31));
    expect(await held(clientId)).toBe(0);
    expect((await log()).slice(before)).toEqual(
      expect.arrayContaining([
        ['questionnaire-responses', 2, 'deleted-record-grace-period'],
        ['intake-records', 1, 'deleted-record-grace-period'],
      ]),
    );
  });

  it('removes an account’s responses when its deletion comes due, counted in the destruction log', async () => {
    await runPurge(app.db, DEFAULT_RETENTION, inDays(31));
    const erin = await createPractitioner(app);
    const clientId = await newClient(erin);
    await submittedResponse(erin, clientId);
    const asked = await api(erin)('POST', '/account/delete', { password: STRONG_PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    const before = (await log()).length;
    await runPurge(app.db, DEFAULT_RETENTION, inDays(31));
    expect(await held(clientId)).toBe(0);
    expect((await log()).slice(before)).toContainEqual(['questionnaire-responses', 1, 'account-deletion']);
  });
});
