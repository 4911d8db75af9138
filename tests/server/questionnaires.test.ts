import { cpSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQuestionnaireCatalog } from '../../src/forms/node';
import { type QuestionnaireCatalog, scoreAnswers } from '../../src/forms/questionnaires';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { payloadOf } from './support/flows';
import { appFilesWithFixture } from './support/questionnaire-copy';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let bob: Practitioner;
let files: ReturnType<typeof appFilesWithFixture>;
// the catalog the server reads; swapped when a test publishes a new version of the fixture questionnaire
let catalog: QuestionnaireCatalog;
let v1Only: QuestionnaireCatalog;

beforeAll(async () => {
  files = appFilesWithFixture();
  // worry-check v2 is on disk for the engine from the start, but the catalog's latest is v1 until a test says so
  v1Only = loadQuestionnaireCatalog({ schemasDir: files.schemasDir });
  writeV2(files.schemasDir);
  catalog = v1Only;
  const swappable: QuestionnaireCatalog = {
    list: () => catalog.list(),
    get: (id, version, scoringVersion) => catalog.get(id, version, scoringVersion),
    has: (id, version, scoringVersion) => catalog.has(id, version, scoringVersion),
    versions: (id) => catalog.versions(id),
    scoringVersions: (id, version) => catalog.scoringVersions(id, version),
  };
  testApp = await createTestApp({
    schemasDir: files.schemasDir,
    localesDir: files.localesDir,
    questionnaires: swappable,
  });
  app = testApp.app;
  alice = await createPractitioner(app);
  bob = await createPractitioner(app);
});

afterAll(async () => {
  await testApp?.close();
  files?.remove();
});

/** v2 of the fixture: w2 no longer reversed, so the same answers score differently. */
function writeV2(schemasDir: string) {
  const dir = path.join(schemasDir, 'questionnaires/worry-check');
  cpSync(path.join(dir, 'v1.schema.json'), path.join(dir, 'v2.schema.json'));
  cpSync(path.join(dir, 'v1.ui.json'), path.join(dir, 'v2.ui.json'));
  const scoring = JSON.parse(
    JSON.stringify({
      version: 2,
      responseSets: { often: { 0: 0, 1: 1, 2: 2, 3: 3 } },
      items: { w1: { responseSet: 'often' }, w2: { responseSet: 'often' }, w3: { responseSet: 'often' } },
      scales: [
        {
          id: 'total',
          method: 'sum',
          items: ['w1', 'w2', 'w3'],
          minAnswered: 2,
          bands: [
            { id: 'low', min: 0, max: 3, severity: 'none' },
            { id: 'some', min: 4, max: 6, severity: 'mild' },
            { id: 'high', min: 7, max: 9, severity: 'severe' },
          ],
        },
      ],
      flags: [{ id: 'constant', item: 'w3', scoreAtLeast: 3 }],
      showIf: { items: { detail: { '>=': [{ var: 'w3' }, 2] } } },
    }),
  );
  writeFileSync(path.join(dir, 'v2.scoring.json'), JSON.stringify(scoring, null, 2));
}

function api(who: Practitioner | null) {
  return (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: who ? who.headers : {},
      ...payloadOf(method, payload),
    });
}

function newClient(who = alice, demographics: Record<string, unknown> = validSections.demographics) {
  return newClientRecord(app, who, demographics);
}

async function give(clientId: string, questionnaireId = 'worry-check', who = alice, extra = {}) {
  const res = await api(who)('POST', `/clients/${clientId}/responses`, { questionnaireId, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function submitted(clientId: string, answers: Record<string, unknown>, who = alice) {
  const response = await give(clientId, 'worry-check', who);
  const res = await api(who)('POST', `/responses/${response.id}/submit`, {
    answers,
    version: response.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/questionnaires', () => {
  it('answers 401 without a session', async () => {
    expect((await api(null)('GET', '/questionnaires')).statusCode).toBe(401);
  });

  it('lists every questionnaire of the files, the fixture one included, with its library card', async () => {
    const res = await api(alice)('GET', '/questionnaires');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list.map((q) => q.id)).toEqual(catalog.list().map((d) => d.id));
    expect(list.find((q) => q.id === 'worry-check')).toEqual({
      id: 'worry-check',
      formId: 'questionnaires/worry-check',
      version: 1,
      scoringVersion: 1,
      title: { en: 'Worry check', tr: 'Kaygı kontrolü' },
      description: {
        en: 'Three questions about worrying (test fixture).',
        tr: 'Kaygı üzerine üç soru (test verisi).',
      },
      respondents: ['self'],
      itemCount: 4,
      minutes: 2,
      languages: ['en', 'tr'],
      ageRange: { min: 11, max: 17 },
      licence: { holder: 'Test fixtures', terms: 'For tests only', electronicUse: true, example: true },
      flags: {
        constant: {
          en: 'Worries keep the young person awake always',
          tr: 'Kaygılar genci her zaman uyutmuyor',
        },
      },
    });
  });
});

describe('GET /api/questionnaires/:id/versions/:version', () => {
  it('answers the definition of that version', async () => {
    const res = await api(alice)('GET', '/questionnaires/worry-check/versions/1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(catalog.get('worry-check', 1))));
  });

  it.each(['/questionnaires/nope/versions/1', '/questionnaires/worry-check/versions/9'])(
    'answers 404 for %s',
    async (url) => {
      expect((await api(alice)('GET', url)).statusCode).toBe(404);
    },
  );

  it.each(['/questionnaires/worry-check/versions/0', '/questionnaires/..%2Fetc/versions/1'])(
    'answers 400 for %s',
    async (url) => {
      expect((await api(alice)('GET', url)).statusCode).toBe(400);
    },
  );
});

describe('GET /api/clients', () => {
  it('lists one client per intake record with name, age and last activity; ?q= searches names in any case', async () => {
    const carol = await createPractitioner(app);
    const id = await newClient(carol, {
      ...validSections.demographics,
      clientFirstName: 'İpek',
      clientLastName: 'Işık',
    });
    await newClient(carol, { ...validSections.demographics, clientFirstName: 'Can', birthDate: undefined });
    const all = (await api(carol)('GET', '/clients')).json();
    expect(all).toHaveLength(2);
    expect(all.find((c: { id: string }) => c.id === id)).toMatchObject({
      id,
      name: 'İpek Işık',
      age: expect.any(Number),
      intakeStatus: 'draft',
    });
    expect(all.find((c: { id: string }) => c.id !== id).age).toBeNull();
    const found = (await api(carol)('GET', '/clients?q=ipek%20IŞIK')).json();
    expect(found.map((c: { id: string }) => c.id)).toEqual([id]);
    expect((await api(carol)('GET', '/clients?q=zzz')).json()).toEqual([]);
  });

  it('moves a client up when a questionnaire is given (last activity)', async () => {
    const carol = await createPractitioner(app);
    const older = await newClient(carol);
    await newClient(carol);
    await give(older, 'worry-check', carol);
    const list = (await api(carol)('GET', '/clients')).json();
    expect(list[0].id).toBe(older);
  });

  it("never lists another practitioner's clients", async () => {
    await newClient(alice);
    const list = (await api(bob)('GET', '/clients')).json() as Array<{ id: string }>;
    const alices = (await api(alice)('GET', '/clients')).json() as Array<{ id: string }>;
    expect(list.some((c) => alices.some((a) => a.id === c.id))).toBe(false);
  });
});

describe('GET /api/clients/:id', () => {
  it('answers the intake status and sections, the responses given and the results', async () => {
    const id = await newClient();
    await submitted(id, { w1: 1, w2: 2, w3: 0 });
    const res = await api(alice)('GET', `/clients/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      name: 'Ayşe Yılmaz',
      birthDate: validSections.demographics.birthDate,
      intake: { status: 'draft', sectionStates: { demographics: 'complete', complaintHistory: 'empty' } },
    });
    expect(body.responses).toHaveLength(1);
    expect(body.responses[0]).not.toHaveProperty('answers');
    expect(body.results[0].scales[0].points[0].score).toBe(2);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])('answers 404 for %s', async (id) => {
    expect((await api(alice)('GET', `/clients/${id}`)).statusCode).toBe(404);
  });
});

describe('ownership', () => {
  it("answers 404 for another practitioner's client, response, results and CSV, and gives nothing to them", async () => {
    const id = await newClient(alice);
    const response = await submitted(id, { w1: 1, w2: 1, w3: 1 });
    for (const url of [
      `/clients/${id}`,
      `/clients/${id}/results`,
      `/clients/${id}/scores.csv`,
      `/responses/${response.id}`,
    ]) {
      const res = await api(bob)('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect(
      (await api(bob)('POST', `/clients/${id}/responses`, { questionnaireId: 'worry-check' })).statusCode,
    ).toBe(404);
    const draft = await give(id);
    expect((await api(bob)('PUT', `/responses/${draft.id}`, { answers: { w1: 3 } })).statusCode).toBe(404);
    expect(
      (await api(bob)('POST', `/responses/${draft.id}/submit`, { answers: { w1: 3, w2: 3, w3: 3 } }))
        .statusCode,
    ).toBe(404);
    expect((await api(alice)('GET', `/responses/${draft.id}`)).json()).toMatchObject({
      answers: {},
      status: 'draft',
    });
  });
});

describe('POST /api/clients/:id/responses', () => {
  it('gives a questionnaire: a draft pinned to the latest form and scoring versions, in the chosen language', async () => {
    const id = await newClient();
    const body = await give(id, 'worry-check', alice, { language: 'tr' });
    expect(body).toMatchObject({
      clientId: id,
      questionnaireId: 'worry-check',
      questionnaireVersion: 1,
      scoringVersion: 1,
      language: 'tr',
      status: 'draft',
      version: 1,
      answers: {},
      result: null,
      replaces: null,
      submittedAt: null,
    });
  });

  it('answers 400 for a questionnaire not in the library', async () => {
    const id = await newClient();
    const res = await api(alice)('POST', `/clients/${id}/responses`, { questionnaireId: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['questionnaireId']);
  });
});

describe('PUT /api/responses/:id (draft)', () => {
  it('saves answers at the version last seen; a stale version is 409 CONFLICT and writes nothing', async () => {
    const id = await newClient();
    const draft = await give(id);
    const first = await api(alice)('PUT', `/responses/${draft.id}`, { answers: { w1: 2 }, version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'draft', version: 2 });
    const stale = await api(alice)('PUT', `/responses/${draft.id}`, { answers: { w1: 0 }, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', version: 2, status: 'draft' });
    expect((await api(alice)('GET', `/responses/${draft.id}`)).json().answers).toEqual({ w1: 2 });
  });

  it('checks in draft mode: missing items pass, a value outside the options is 400', async () => {
    const id = await newClient();
    const draft = await give(id);
    const bad = await api(alice)('PUT', `/responses/${draft.id}`, { answers: { w1: 9 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['w1']);
  });

  it('never stores the answer of an item its show-if condition hides', async () => {
    const id = await newClient();
    const draft = await give(id);
    await api(alice)('PUT', `/responses/${draft.id}`, { answers: { w3: 0, detail: 'secret' } });
    expect((await api(alice)('GET', `/responses/${draft.id}`)).json().answers).toEqual({ w3: 0 });
    await api(alice)('PUT', `/responses/${draft.id}`, { answers: { w3: 2, detail: 'shown' } });
    expect((await api(alice)('GET', `/responses/${draft.id}`)).json().answers).toEqual({
      w3: 2,
      detail: 'shown',
    });
  });
});

describe('POST /api/responses/:id/submit', () => {
  it('checks in full mode: a missing required item is 422 RESPONSE_INCOMPLETE and nothing is submitted', async () => {
    const id = await newClient();
    const draft = await give(id);
    const res = await api(alice)('POST', `/responses/${draft.id}/submit`, { answers: { w1: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('RESPONSE_INCOMPLETE');
    expect(Object.keys(res.json().fields).sort()).toEqual(['w2', 'w3']);
    expect((await api(alice)('GET', `/responses/${draft.id}`)).json().status).toBe('draft');
  });

  it('submits the stored draft when no answers are sent', async () => {
    const id = await newClient();
    const draft = await give(id);
    await api(alice)('PUT', `/responses/${draft.id}`, { answers: { w1: 3, w2: 0, w3: 3 } });
    const res = await api(alice)('POST', `/responses/${draft.id}/submit`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.scales[0]).toMatchObject({ score: 9, band: { id: 'high', severity: 'severe' } });
    expect(res.json().result.flags).toEqual([expect.objectContaining({ id: 'constant', item: 'w3' })]);
  });

  it('recomputes every score on the server and ignores a score the client sends', async () => {
    const id = await newClient();
    const draft = await give(id);
    const answers = { w1: 0, w2: 3, w3: 0 };
    const forged = { scales: [{ id: 'total', score: 9, band: { id: 'high' } }], flags: [] };
    const res = await api(alice)('POST', `/responses/${draft.id}/submit`, {
      answers,
      version: draft.version,
      result: forged,
      scores: forged,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = scoreAnswers(catalog.get('worry-check', 1), answers, {
      respondent: 'self',
      age: 11,
      sex: 'female',
    });
    expect(res.json().result).toEqual(expected);
    expect(expected.scales[0]!.score).toBe(0);
    expect((await api(alice)('GET', `/responses/${draft.id}`)).json().result).toEqual(expected);
  });

  it('drops a hidden answer before scoring and storing', async () => {
    const id = await newClient();
    const draft = await give(id);
    const res = await api(alice)('POST', `/responses/${draft.id}/submit`, {
      answers: { w1: 1, w2: 1, w3: 1, detail: 'hidden because w3 < 2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().answers).toEqual({ w1: 1, w2: 1, w3: 1 });
  });
});

describe('a submitted response is never changed', () => {
  it('answers 409 RESPONSE_SUBMITTED to a save or a second submit, and keeps answers and result', async () => {
    const id = await newClient();
    const response = await submitted(id, { w1: 1, w2: 1, w3: 1 });
    const save = await api(alice)('PUT', `/responses/${response.id}`, { answers: { w1: 3, w2: 3, w3: 3 } });
    expect(save.statusCode).toBe(409);
    expect(save.json()).toMatchObject({ code: 'RESPONSE_SUBMITTED', status: 'submitted' });
    const again = await api(alice)('POST', `/responses/${response.id}/submit`, {
      answers: { w1: 3, w2: 3, w3: 3 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RESPONSE_SUBMITTED');
    const now = (await api(alice)('GET', `/responses/${response.id}`)).json();
    expect(now).toEqual(response);
  });

  it('takes a correction as a new response naming the one it replaces; results count the correction only', async () => {
    const id = await newClient();
    const first = await submitted(id, { w1: 3, w2: 0, w3: 3 });
    const correction = await give(id, 'worry-check', alice, { replaces: first.id });
    expect(correction.replaces).toBe(first.id);
    await api(alice)('POST', `/responses/${correction.id}/submit`, { answers: { w1: 0, w2: 3, w3: 0 } });
    const results = (await api(alice)('GET', `/clients/${id}/results`)).json();
    expect(results[0].scales[0].points.map((p: { responseId: string }) => p.responseId)).toEqual([
      correction.id,
    ]);
    expect((await api(alice)('GET', `/responses/${first.id}`)).json()).toEqual(first);
  });

  it('refuses a correction of a draft, of another client or of another questionnaire', async () => {
    const id = await newClient();
    const other = await newClient();
    const draft = await give(id);
    const done = await submitted(id, { w1: 1, w2: 1, w3: 1 });
    for (const [clientId, questionnaireId, replaces] of [
      [id, 'worry-check', draft.id],
      [other, 'worry-check', done.id],
      [id, 'home-routines', done.id],
      [id, 'worry-check', 'not-a-uuid'],
    ]) {
      const res = await api(alice)('POST', `/clients/${clientId}/responses`, { questionnaireId, replaces });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['replaces']);
    }
  });
});

describe('pinning', () => {
  it('keeps a response on the form and scoring version it was given with after a new version is published', async () => {
    const id = await newClient();
    const before = await give(id);
    catalog = loadQuestionnaireCatalog({ schemasDir: files.schemasDir });
    try {
      expect(catalog.get('worry-check').scoringVersion).toBe(2);
      const answers = { w1: 1, w2: 3, w3: 1 };
      const old = await api(alice)('POST', `/responses/${before.id}/submit`, { answers });
      expect(old.json()).toMatchObject({ questionnaireVersion: 1, scoringVersion: 1 });
      // v1 reverses w2 (3 -> 0): 1 + 0 + 1
      expect(old.json().result.scales[0].score).toBe(2);
      const after = await give(id);
      expect(after).toMatchObject({ questionnaireVersion: 2, scoringVersion: 2 });
      const fresh = await api(alice)('POST', `/responses/${after.id}/submit`, { answers });
      expect(fresh.json().result.scales[0].score).toBe(5);
      const series = (await api(alice)('GET', `/clients/${id}/results`)).json()[0].scales[0].points;
      expect(series.map((p: { scoringVersion: number }) => p.scoringVersion)).toEqual([1, 2]);
    } finally {
      catalog = v1Only;
    }
  });
});

describe('GET /api/clients/:id/scores.csv', () => {
  it("answers text/csv in the request's language, safe against formula injection", async () => {
    const id = await newClient(alice, {
      ...validSections.demographics,
      clientFirstName: '=cmd|calc',
      clientLastName: 'X',
    });
    await submitted(id, { w1: 1, w2: 2, w3: 0 });
    const res = await app.inject({
      method: 'GET',
      url: `/api/clients/${id}/scores.csv`,
      headers: { ...alice.headers, 'accept-language': 'tr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="puanlar-X-/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Danışan";"Ölçek";"Sürüm";"Puanlama sürümü";"Gönderilme zamanı (İstanbul saati)";"Dil";"Yanıtlayan";"Alt ölçek";"Puan";"T puanı";"Yüzdelik";"Düzey";"İlk yanıta göre güvenilir değişim";"Bir önceki yanıta göre güvenilir değişim";"Klinik ya da olağan aralık";"İlk yanıttan bu yana kesme puanı geçişi";"Uyarılar"',
    );
    expect(lines[1]).toMatch(
      /^"'=cmd\|calc X";"Kaygı kontrolü";1;1;"[^"]+";"(İngilizce|Türkçe)";"Çocuk\/genç kendisi";"Kaygı toplamı";2;;;"Düşük";"";"";"";"";""$/,
    );
  });
});

describe('storage', () => {
  it('keeps answers and results only as ciphertext', async () => {
    const id = await newClient();
    const response = await submitted(id, { w1: 2, w2: 2, w3: 2, detail: 'Exams next week' });
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from questionnaire_responses where id = ${response.id}`.execute(app.db);
    const raw = JSON.stringify(rows[0]);
    expect(raw).not.toContain('Exams next week');
    expect(raw).not.toContain('"w1"');
    expect(raw).not.toContain('total');
    expect(rows[0]).toMatchObject({
      questionnaire_id: 'worry-check',
      questionnaire_version: 1,
      status: 'submitted',
    });
  });
});

describe('a new questionnaire from files only (no line of code changed)', () => {
  it('appears in the library, is given, filled, submitted, scored and its results read', async () => {
    // the questionnaire exists only in the test fixtures, copied into a copy of schemas/ and locales/
    expect(existsSync(path.resolve('schemas/questionnaires/worry-check'))).toBe(false);
    expect(existsSync(path.join(files.schemasDir, 'questionnaires/worry-check/v1.scoring.json'))).toBe(true);
    const library = (await api(alice)('GET', '/questionnaires')).json() as Array<{ id: string }>;
    expect(library.map((q) => q.id)).toContain('worry-check');
    const id = await newClient();
    const draft = await give(id, 'worry-check', alice, { language: 'tr' });
    const saved = await api(alice)('PUT', `/responses/${draft.id}`, {
      answers: { w1: 3 },
      version: draft.version,
    });
    expect(saved.statusCode).toBe(200);
    const done = await api(alice)('POST', `/responses/${draft.id}/submit`, {
      answers: { w1: 3, w2: 1, w3: 3, detail: 'Tests' },
      version: saved.json().version,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().result.scales[0]).toMatchObject({ id: 'total', score: 8, band: { id: 'high' } });
    const results = (await api(alice)('GET', `/clients/${id}/results`)).json();
    expect(results).toEqual([
      expect.objectContaining({
        questionnaireId: 'worry-check',
        scales: [expect.objectContaining({ id: 'total', points: [expect.objectContaining({ score: 8 })] })],
        responses: [expect.objectContaining({ flags: [expect.objectContaining({ id: 'constant' })] })],
      }),
    ]);
  });
});

describe('the questionnaire write limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After past the per-practitioner writes a minute, and writes nothing', async () => {
    const limited = await createTestApp({
      schemasDir: files.schemasDir,
      localesDir: files.localesDir,
      limits: { questionnaireWritesPerPractitioner: { max: 3, windowSeconds: 60 } },
    });
    try {
      const dana = await createPractitioner(limited.app);
      const created = await limited.app.inject({
        method: 'POST',
        url: '/api/client-intake',
        headers: dana.headers,
        payload: { demographics: validSections.demographics, status: 'draft' },
      });
      const write = () =>
        limited.app.inject({
          method: 'POST',
          url: `/api/clients/${created.json().id}/responses`,
          headers: dana.headers,
          payload: { questionnaireId: 'worry-check' },
        });
      for (let i = 0; i < 3; i += 1) expect((await write()).statusCode).toBe(201);
      const refused = await write();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const client = await limited.app.inject({
        method: 'GET',
        url: `/api/clients/${created.json().id}`,
        headers: dana.headers,
      });
      expect(client.json().responses).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});
