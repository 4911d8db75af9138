import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkStore } from '../../src/server/links/link-store';
import { createResponseStore } from '../../src/server/questionnaires/response-store';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, type Practitioner } from '../fixtures/intake/server';
import { HOME_ROUTINES_ANSWERS } from '../fixtures/questionnaires/home-routines-answers';
import { FEELINGS_CRITICAL } from '../fixtures/questionnaires/risk-answers';
import { readZip } from './support/read-zip';
import { registeredRoutes } from './support/routes';
import { createTestApp, type TestApp } from './support/test-app';

/*
 * ADR 103: a deleted client record and everything under it (intake, responses, results, CSV, links, access
 * history, print, export) answers 404 to its owner at once, as another practitioner's record does; its open
 * links close as revoked; only the account's own export ("download my data") still holds it until the purge.
 */

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;

const ANSWERS = HOME_ROUTINES_ANSWERS;

/** What is under one client: the record, a draft and a submitted response, an open link, an answered link. */
interface Client {
  client: string;
  draft: string;
  submitted: string;
  link: string;
  token: string;
  answeredLink: string;
  /** A measurement schedule and its first planned sending. */
  schedule: string;
  occurrence: string;
  /** The urgent alert a self-harm answer raised. */
  alert: string;
}
type Kind = keyof Omit<Client, 'token' | 'answeredLink'>;

/** A schedule whose days are far away: the sender leaves it alone during the test. */
const SCHEDULE = {
  questionnaireId: 'home-routines',
  respondent: 'guardian',
  language: 'tr',
  email: 'guardian@example.com',
  everyWeeks: 2,
  startOn: '2099-01-05',
  times: 2,
};

/** One row: a route, the id it is called with, its answer for a client that is not deleted, and its body. */
type Row = [route: string, id: Kind, kept: number, payload?: Record<string, unknown>];

// bodiless writes still send `{}` as JSON, so each row holds when writes under /api must carry JSON
const CLIENT_DATA_ROUTES: Row[] = [
  ['GET /api/client-intake/:id', 'client', 200],
  [
    'PUT /api/client-intake/:id',
    'client',
    200,
    { demographics: validSections.demographics, status: 'draft' },
  ],
  ['POST /api/client-intake/:id/submit', 'client', 200, {}],
  ['POST /api/client-intake/:id/reopen', 'client', 200, {}],
  ['GET /api/client-intake/:id/export', 'client', 200],
  ['POST /api/client-intake/:id/print', 'client', 204, {}],
  ['GET /api/client-intake/:id/access-history', 'client', 200],
  ['GET /api/client-intake/:id/deletion-impact', 'client', 200],
  ['DELETE /api/client-intake/:id', 'client', 204],
  ['GET /api/clients/:id', 'client', 200],
  ['GET /api/clients/:id/results', 'client', 200],
  ['GET /api/clients/:id/scores.csv', 'client', 200],
  ['GET /api/clients/:id/answers.csv?questionnaire=home-routines', 'client', 200],
  ['GET /api/clients/:id/answers.json?questionnaire=home-routines&freeText=true', 'client', 200],
  ['GET /api/clients/:id/fhir.json', 'client', 200],
  ['POST /api/clients/:id/responses', 'client', 201, { questionnaireId: 'home-routines' }],
  ['GET /api/clients/:id/links', 'client', 200],
  [
    'POST /api/clients/:id/links',
    'client',
    201,
    { questionnaireId: 'home-routines', respondent: 'guardian', language: 'tr' },
  ],
  ['POST /api/clients/:id/links/seen', 'client', 204, {}],
  ['GET /api/responses/:id', 'draft', 200],
  ['GET /api/responses/:id', 'submitted', 200],
  ['PUT /api/responses/:id', 'draft', 200, { answers: { r1: 'aLittle' } }],
  ['PUT /api/responses/:id', 'submitted', 409, { answers: { r1: 'aLittle' } }],
  ['POST /api/responses/:id/submit', 'draft', 200, { answers: ANSWERS }],
  ['POST /api/responses/:id/submit', 'submitted', 409, { answers: ANSWERS }],
  ['PUT /api/responses/:id/language', 'draft', 200, { language: 'en' }],
  ['PUT /api/responses/:id/language', 'submitted', 409, { language: 'en' }],
  ['POST /api/links/:id/revoke', 'link', 200, {}],
  ['POST /api/links/:id/send', 'link', 200, { email: 'guardian@example.com' }],
  ['GET /api/clients/:id/schedules', 'client', 200],
  ['POST /api/clients/:id/schedules', 'client', 201, SCHEDULE],
  ['POST /api/schedules/:id/pause', 'schedule', 200, {}],
  ['POST /api/schedules/:id/resume', 'schedule', 409, {}],
  ['POST /api/schedules/:id/stop', 'schedule', 200, {}],
  ['POST /api/occurrences/:id/cancel', 'occurrence', 200, {}],
  ['GET /api/clients/:id/alerts', 'client', 200],
  ['POST /api/alerts/:id', 'alert', 204, { state: 'seen' }],
];

/** The respondent's side: the token opens the link of a kept client, and a deleted client's closes as revoked. */
const RESPONDENT_ROUTES: Array<[route: string, kept: number, payload?: Record<string, unknown>]> = [
  ['GET /api/respond/:token', 200],
  ['PUT /api/respond/:token', 200, { answers: { r1: 'aLittle' } }],
  ['POST /api/respond/:token/submit', 200, { answers: ANSWERS }],
  ['PUT /api/respond/:token/language', 200, { language: 'en' }],
];

/** Routes with an id that names no client's data, and why. */
const NOT_CLIENT_DATA: Record<string, string> = {
  'GET /api/files/:id': "the account's own uploads (diploma, photo); a client record has no files",
  'GET /api/questionnaires/:id/versions/:version': 'the questionnaire library, the same for everyone',
};

/** `METHOD /path` of a registered route; HEAD answers as its GET. */
const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;
/** A row's route without the query string it is called with. */
const withoutQuery = (route: string) => route.split('?')[0]!;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  alice = await createPractitioner(app);
});

afterAll(async () => {
  await testApp?.close();
});

async function call(method: string, url: string, payload?: unknown, headers = alice.headers) {
  return app.inject({
    method: method as InjectOptions['method'],
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

async function created(method: string, url: string, payload: unknown, status = 201) {
  const res = await call(method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}

/** A client with everything a client can have: a full intake, a draft and a submitted response, two links. */
async function fullClient(): Promise<Client> {
  const client = (await created('POST', '/api/client-intake', { ...validSections, status: 'draft' })).id;
  const given = { questionnaireId: 'home-routines' };
  const draft = (await created('POST', `/api/clients/${client}/responses`, given)).id;
  const submitted = (await created('POST', `/api/clients/${client}/responses`, given)).id;
  await created('POST', `/api/responses/${submitted}/submit`, { answers: ANSWERS }, 200);
  const linkInput = { questionnaireId: 'home-routines', respondent: 'guardian', language: 'tr' };
  const open = await created('POST', `/api/clients/${client}/links`, linkInput);
  const answered = await created('POST', `/api/clients/${client}/links`, linkInput);
  // an answered link is a new result for the badge until the client is opened
  await created('POST', `/api/respond/${tokenOf(answered.url)}/submit`, { answers: ANSWERS }, 200);
  const { schedule } = await created('POST', `/api/clients/${client}/schedules`, SCHEDULE);
  // everyday-feelings' m6 from "sometimes" up raises the urgent selfHarmThoughts alert
  const feelings = (
    await created('POST', `/api/clients/${client}/responses`, { questionnaireId: 'everyday-feelings' })
  ).id;
  await created('POST', `/api/responses/${feelings}/submit`, { answers: FEELINGS_CRITICAL }, 200);
  const alerts = (await call('GET', `/api/clients/${client}/alerts`)).json() as Array<{ id: string }>;
  expect(alerts).toHaveLength(1);
  return {
    alert: alerts[0]!.id,
    schedule: schedule.id,
    occurrence: schedule.occurrences[0].id,
    client,
    draft,
    submitted,
    link: open.link.id,
    token: tokenOf(open.url),
    answeredLink: answered.link.id,
  };
}

const tokenOf = (url: string) => url.split('/r/')[1]!;
const urlOf = (route: string, id: string) => route.split(' ')[1]!.replace(/:id|:token/, id);

/** Every row the database holds under a client, as psql shows it: what a refused request must leave alone. */
async function rowsUnder(client: string) {
  const of = async (query: ReturnType<typeof sql<Record<string, unknown>>>) =>
    (await query.execute(app.db)).rows;
  return {
    intake: await of(sql`select * from client_intakes where id = ${client}`),
    responses: await of(sql`select * from questionnaire_responses where intake_id = ${client} order by id`),
    links: await of(sql`select * from respondent_links where intake_id = ${client} order by id`),
    alerts: await of(
      sql`select a.* from response_alerts a join questionnaire_responses r on r.id = a.response_id where r.intake_id = ${client} order by a.id`,
    ),
    audit: await of(sql`select * from audit_entries where client_id = ${client} order by id`),
  };
}

describe('the table of client-data routes', () => {
  it('names every registered route with an id, or says why it holds no client data', () => {
    const withId = new Set(
      registeredRoutes(app)
        .filter((r) => r.url.includes('/:'))
        .map((r) => routeKey(r.method, r.url)),
    );
    const named = new Set([
      ...CLIENT_DATA_ROUTES.map(([route]) => withoutQuery(route)),
      ...RESPONDENT_ROUTES.map(([route]) => route),
      ...Object.keys(NOT_CLIENT_DATA),
    ]);
    expect([...withId].filter((route) => !named.has(route))).toEqual([]);
    // a row for a route that no longer exists would prove nothing
    expect([...named].filter((route) => !withId.has(route))).toEqual([]);
  });
});

describe('a client record that is not deleted', () => {
  it.each(CLIENT_DATA_ROUTES)('%s (%s) answers %i to its owner', async (route, kind, kept, payload) => {
    const ids = await fullClient();
    const res = await call(route.split(' ')[0]!, urlOf(route, ids[kind]), payload);
    expect(res.statusCode, res.body).toBe(kept);
  });

  it.each(RESPONDENT_ROUTES)('%s answers %i to the respondent', async (route, kept, payload) => {
    const { token } = await fullClient();
    const res = await call(route.split(' ')[0]!, urlOf(route, token), payload, {});
    expect(res.statusCode, res.body).toBe(kept);
  });
});

describe('DELETE /api/client-intake/:id', () => {
  let deleted: Client;
  let kept: Client;
  let bob: Practitioner;
  let before: Awaited<ReturnType<typeof rowsUnder>>;

  beforeAll(async () => {
    bob = await createPractitioner(app);
    kept = await fullClient();
    deleted = await fullClient();
    expect((await call('DELETE', `/api/client-intake/${deleted.client}`)).statusCode).toBe(204);
    before = await rowsUnder(deleted.client);
  });

  it.each(CLIENT_DATA_ROUTES)(
    'then %s (%s) answers 404 NOT_FOUND to its owner, as for another practitioner',
    async (route, kind, _kept, payload) => {
      const res = await call(route.split(' ')[0]!, urlOf(route, deleted[kind]), payload);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
      const another = await call(route.split(' ')[0]!, urlOf(route, kept[kind]), payload, bob.headers);
      expect(another.json()).toEqual(res.json());
    },
  );

  it.each(RESPONDENT_ROUTES)(
    'then %s answers 410 LINK_CLOSED, reason revoked',
    async (route, _kept, payload) => {
      const res = await call(route.split(' ')[0]!, urlOf(route, deleted.token), payload, {});
      expect(res.statusCode, res.body).toBe(410);
      expect(res.json()).toMatchObject({ code: 'LINK_CLOSED', reason: 'revoked', language: 'tr' });
    },
  );

  it('then leaves the client off the client list, the intake list and the new-results count', async () => {
    const clients = (await call('GET', '/api/clients')).json() as Array<{ id: string }>;
    expect(clients.map((c) => c.id)).not.toContain(deleted.client);
    const intakes = (await call('GET', '/api/client-intake')).json() as Array<{ id: string }>;
    expect(intakes.map((c) => c.id)).not.toContain(deleted.client);
    const news = (await call('GET', '/api/links/new-results')).json() as {
      clients: Array<{ clientId: string }>;
    };
    expect(news.clients.map((c) => c.clientId)).not.toContain(deleted.client);
  });

  it('then writes nothing for any of those requests: no response, link, change or audit entry', async () => {
    for (const [route, kind, , payload] of CLIENT_DATA_ROUTES)
      await call(route.split(' ')[0]!, urlOf(route, deleted[kind]), payload);
    for (const [route, , payload] of RESPONDENT_ROUTES)
      await call(route.split(' ')[0]!, urlOf(route, deleted.token), payload, {});
    expect(await rowsUnder(deleted.client)).toEqual(before);
    expect(before.responses).toHaveLength(5);
    expect(before.links).toHaveLength(2);
    expect(before.alerts).toHaveLength(1);
  });

  it("then refuses the stores' writes too, so a deletion between a check and a write changes nothing", async () => {
    const links = createLinkStore(app.db, app.keys.encryption);
    const mailed = {
      tokenHash: 'a'.repeat(64),
      expiresAt: new Date(),
      email: 'x@example.com',
      sentAt: new Date(),
    };
    expect(await links.reissue(alice.id, deleted.link, mailed)).toBe(false);
    await links.revoke(alice.id, deleted.link, new Date());
    await links.markSeen(alice.id, deleted.client, new Date());
    const responses = createResponseStore(app.db, app.keys.encryption);
    expect(await responses.write(alice.id, deleted.draft, undefined, { r1: 'aLittle' })).toBeUndefined();
    expect(await rowsUnder(deleted.client)).toEqual(before);
    // the same calls do write for a client that is not deleted
    expect(await links.reissue(alice.id, kept.link, mailed)).toBe(true);
    expect(await responses.write(alice.id, kept.draft, undefined, { r1: 'aLittle' })).toBeDefined();
  });

  it('still holds the record and everything under it in the account export until the purge', async () => {
    const res = await call('GET', '/api/account/export');
    expect(res.statusCode).toBe(200);
    const files = readZip(res.rawPayload);
    const json = (name: string) =>
      JSON.parse(files.get(`data/${name}.json`)!.toString('utf8')) as Array<Record<string, unknown>>;
    const record = json('intake-records').find((r) => r.id === deleted.client);
    expect(record).toMatchObject({ clientName: 'Ayşe Yılmaz', deletedAt: expect.any(String) });
    const responses = json('questionnaire-responses').filter((r) => r.clientId === deleted.client);
    expect(responses.map((r) => r.id)).toEqual(expect.arrayContaining([deleted.draft, deleted.submitted]));
    const links = json('respondent-links').filter((l) => l.clientId === deleted.client);
    expect(links.map((l) => l.id).sort()).toEqual([deleted.link, deleted.answeredLink].sort());
  });
});
