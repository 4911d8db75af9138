import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { HOME_ROUTINES_ANSWERS } from '../fixtures/questionnaires/home-routines-answers';
import { payloadOf } from './support/flows';
import { appFilesWithFixture } from './support/questionnaire-copy';
import { createTestApp, type TestApp } from './support/test-app';

// The language a questionnaire is filled in is the response's (ADR 111). The scratch files add worry-check in English
// only, as an author who has not translated it yet would.
let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let bob: Practitioner;
let files: ReturnType<typeof appFilesWithFixture>;

beforeAll(async () => {
  files = appFilesWithFixture();
  rmSync(path.join(files.localesDir, 'tr/questionnaires/worry-check.json'));
  testApp = await createTestApp({ schemasDir: files.schemasDir, localesDir: files.localesDir });
  app = testApp.app;
  alice = await createPractitioner(app);
  bob = await createPractitioner(app);
});

afterAll(async () => {
  await testApp?.close();
  files?.remove();
});

function api(who: Practitioner, lang = 'en') {
  return (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { ...who.headers, 'accept-language': lang },
      ...payloadOf(method, payload),
    });
}

function respondent(token: string) {
  return (method: InjectOptions['method'], urlPath = '', payload?: unknown) =>
    app.inject({ method, url: `/api/respond/${token}${urlPath}`, ...payloadOf(method, payload) });
}

async function give(clientId: string, questionnaireId = 'home-routines', language = 'tr') {
  const res = await api(alice)('POST', `/clients/${clientId}/responses`, { questionnaireId, language });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; language: string; version: number };
}

const auditOf = (recordId: string) =>
  app.db
    .selectFrom('audit_entries')
    .select(['action'])
    .where('record_id', '=', recordId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => row.action));

describe('PUT /api/responses/:id/language', () => {
  it('changes the language a draft is filled in and keeps its answers and version', async () => {
    const draft = await give(await newClientRecord(app, alice));
    const saved = await api(alice)('PUT', `/responses/${draft.id}`, {
      answers: { r1: 'aLittle' },
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await api(alice)('PUT', `/responses/${draft.id}/language`, { language: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ language: 'en', version: 2, answers: { r1: 'aLittle' } });
    expect((await api(alice)('GET', `/responses/${draft.id}`)).json().language).toBe('en');
    // a save sent with the version read before the change still lands
    const next = await api(alice)('PUT', `/responses/${draft.id}`, {
      answers: { r1: 'veryMuch' },
      version: 2,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(await auditOf(draft.id)).toContain('change');
  });

  it('answers 409 RESPONSE_SUBMITTED once submitted: the response keeps the language it was given in', async () => {
    const draft = await give(await newClientRecord(app, alice));
    const done = await api(alice)('POST', `/responses/${draft.id}/submit`, {
      answers: HOME_ROUTINES_ANSWERS,
    });
    expect(done.statusCode, done.body).toBe(200);
    const res = await api(alice)('PUT', `/responses/${draft.id}/language`, { language: 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('RESPONSE_SUBMITTED');
    expect((await api(alice)('GET', `/responses/${draft.id}`)).json().language).toBe('tr');
  });

  it("answers 400 to a language outside the product's and 404 to another practitioner", async () => {
    const draft = await give(await newClientRecord(app, alice));
    expect((await api(alice)('PUT', `/responses/${draft.id}/language`, { language: 'de' })).statusCode).toBe(
      400,
    );
    expect((await api(bob)('PUT', `/responses/${draft.id}/language`, { language: 'en' })).statusCode).toBe(
      404,
    );
    expect((await api(alice)('GET', `/responses/${draft.id}`)).json().language).toBe('tr');
  });

  it('refuses a language the questionnaire has no texts in, in both languages, and changes nothing', async () => {
    const library = (await api(alice)('GET', '/questionnaires')).json() as Array<{
      id: string;
      languages: string[];
    }>;
    expect(library.find((q) => q.id === 'worry-check')?.languages).toEqual(['en']);
    const clientId = await newClientRecord(app, alice);
    const draft = await give(clientId, 'worry-check', 'en');
    for (const [lang, words] of [
      ['en', 'not available in that language'],
      ['tr', 'o dilde mevcut değil'],
    ] as const) {
      const res = await api(alice, lang)('PUT', `/responses/${draft.id}/language`, { language: 'tr' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.language).toContain(words);
    }
    expect((await api(alice)('GET', `/responses/${draft.id}`)).json().language).toBe('en');
    // nor is it given in that language
    const given = await api(alice)('POST', `/clients/${clientId}/responses`, {
      questionnaireId: 'worry-check',
      language: 'tr',
    });
    expect(given.statusCode).toBe(400);
    expect(Object.keys(given.json().fields)).toEqual(['language']);
  });
});

describe('POST /api/clients/:id/links outside the age range', () => {
  // Home Routines is for ages 6 to 12
  const fifteenYearOld = () => {
    const date = new Date();
    date.setUTCFullYear(date.getUTCFullYear() - 15);
    date.setUTCMonth(date.getUTCMonth() - 3);
    return newClientRecord(app, alice, {
      ...validSections.demographics,
      birthDate: date.toISOString().slice(0, 10),
    });
  };
  const link = (clientId: string, extra: Record<string, unknown> = {}) =>
    api(alice, 'tr')('POST', `/clients/${clientId}/links`, {
      questionnaireId: 'home-routines',
      respondent: 'guardian',
      language: 'tr',
      ...extra,
    });

  it('answers 409 AGE_OUTSIDE_RANGE like giving it in session, and makes no link and no response', async () => {
    const clientId = await fifteenYearOld();
    const res = await link(clientId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'AGE_OUTSIDE_RANGE', age: 15, ageRange: { min: 6, max: 12 } });
    expect(res.json().message).toContain('6-12 yaş içindir');
    expect((await api(alice)('GET', `/clients/${clientId}/links`)).json()).toEqual([]);
    expect((await api(alice)('GET', `/clients/${clientId}`)).json().responses).toEqual([]);
  });

  it('makes the link when the practitioner confirms, and records the override', async () => {
    const res = await link(await fifteenYearOld(), { ageOverride: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(await auditOf(res.json().link.responseId)).toEqual(['create', 'override-age']);
  });

  it('asks nothing inside the range, and records no override', async () => {
    const res = await link(await newClientRecord(app, alice), { ageOverride: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(await auditOf(res.json().link.responseId)).toEqual(['create']);
  });
});

describe('PUT /api/respond/:token/language', () => {
  async function newLink() {
    const clientId = await newClientRecord(app, alice);
    const res = await api(alice)('POST', `/clients/${clientId}/links`, {
      questionnaireId: 'home-routines',
      respondent: 'guardian',
      language: 'tr',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { url: string; link: { responseId: string } };
    return { token: body.url.split('/r/')[1]!, responseId: body.link.responseId };
  }

  it("stores the respondent's language on the response: the page opens in it again, the practitioner reads it", async () => {
    const { token, responseId } = await newLink();
    expect((await respondent(token)('GET')).json().language).toBe('tr');
    const res = await respondent(token)('PUT', '/language', { language: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ language: 'en' });
    expect((await respondent(token)('GET')).json().language).toBe('en');
    expect((await api(alice)('GET', `/responses/${responseId}`)).json().language).toBe('en');
    // the check-your-answers list speaks the respondent's language now
    const refused = await respondent(token)('POST', '/submit', { answers: {} });
    expect(refused.statusCode).toBe(422);
    expect(Object.values(refused.json().fields as Record<string, string>)[0]).toMatch(
      /^Answer this question/,
    );
  });

  it('answers 400 to an unknown language and 410 once the answers were sent', async () => {
    const { token } = await newLink();
    expect((await respondent(token)('PUT', '/language', { language: 'fr' })).statusCode).toBe(400);
    expect((await respondent(token)('POST', '/submit', { answers: HOME_ROUTINES_ANSWERS })).statusCode).toBe(
      200,
    );
    expect((await respondent(token)('PUT', '/language', { language: 'en' })).statusCode).toBe(410);
  });
});
