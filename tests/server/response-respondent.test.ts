import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQuestionnaireCatalog } from '../../src/forms/node';
import { runAdminCommand } from '../../src/server/admin/commands';
import * as respondentMigration from '../../src/server/db/migrations/016-response-respondent';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, type Practitioner } from '../fixtures/intake/server';
import { appFilesWithFixture } from './support/questionnaire-copy';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let files: ReturnType<typeof appFilesWithFixture>;
const dir = () => path.join(files.schemasDir, 'questionnaires/worry-check');

/** w3 answered 3, and the free text that only the teacher's version asks for. */
const ANSWERS = { w1: 1, w2: 2, w3: 3, detail: 'Worries before tests' };

beforeAll(async () => {
  files = appFilesWithFixture();
  // worry-check as an instrument with three informant versions: the free text is in the teacher's version only
  const metaFile = path.join(dir(), 'questionnaire.json');
  const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  writeFileSync(metaFile, JSON.stringify({ ...meta, respondents: ['guardian', 'teacher', 'self'] }));
  const scoringFile = path.join(dir(), 'v1.scoring.json');
  const scoring = JSON.parse(readFileSync(scoringFile, 'utf8'));
  scoring.showIf.items.detail = {
    and: [{ '>=': [{ var: 'w3' }, 2] }, { '==': [{ var: '_respondent' }, 'teacher'] }],
  };
  writeFileSync(scoringFile, JSON.stringify(scoring));
  testApp = await createTestApp({ schemasDir: files.schemasDir, localesDir: files.localesDir });
  app = testApp.app;
  alice = await createPractitioner(app);
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
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

async function newClient(demographics: Record<string, unknown> = validSections.demographics) {
  const res = await api(alice)('POST', '/client-intake', { demographics, status: 'draft' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function give(clientId: string, extra: Record<string, unknown> = {}, questionnaireId = 'worry-check') {
  const res = await api(alice)('POST', `/clients/${clientId}/responses`, { questionnaireId, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function submit(response: { id: string }, answers: Record<string, unknown> = ANSWERS) {
  const res = await api(alice)('POST', `/responses/${response.id}/submit`, { answers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST /api/clients/:id/responses: who answers (ADR 125)', () => {
  it('stores the respondent named, and shows it in the response, the client page and each score point', async () => {
    const clientId = await newClient();
    const given = await give(clientId, { respondent: 'teacher' });
    expect(given.respondent).toBe('teacher');
    await submit(given);
    const client = (await api(alice)('GET', `/clients/${clientId}`)).json();
    expect(client.responses).toEqual([expect.objectContaining({ id: given.id, respondent: 'teacher' })]);
    expect(client.results[0].scales[0].points).toEqual([
      expect.objectContaining({ responseId: given.id, respondent: 'teacher' }),
    ]);
    expect((await api(alice)('GET', `/responses/${given.id}`)).json().respondent).toBe('teacher');
  });

  it('takes the only respondent of a questionnaire that lists one when none is named', async () => {
    // home-routines is for the guardian only
    const given = await give(await newClient(), {}, 'home-routines');
    expect(given.respondent).toBe('guardian');
  });

  it.each([
    ['en', 'Choose who answers this questionnaire.'],
    ['tr', 'Bu ölçeği kimin yanıtlayacağını seçin.'],
  ])(
    'answers 400 naming the field when a questionnaire lists several and none is named (%s)',
    async (lang, text) => {
      const clientId = await newClient();
      const res = await api(alice, lang)('POST', `/clients/${clientId}/responses`, {
        questionnaireId: 'worry-check',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { respondent: text } });
      expect((await api(alice)('GET', `/clients/${clientId}`)).json().responses).toEqual([]);
    },
  );

  it('answers 400 for a respondent the questionnaire does not list, and for one that does not exist', async () => {
    const clientId = await newClient();
    const notListed = await api(alice)('POST', `/clients/${clientId}/responses`, {
      questionnaireId: 'home-routines',
      respondent: 'teacher',
    });
    expect(notListed.statusCode).toBe(400);
    expect(notListed.json().fields.respondent).toMatch(/no version for that respondent/);
    const unknown = await api(alice)('POST', `/clients/${clientId}/responses`, {
      questionnaireId: 'worry-check',
      respondent: 'uncle',
    });
    expect(unknown.statusCode).toBe(400);
    expect((await api(alice)('GET', `/clients/${clientId}`)).json().responses).toEqual([]);
  });

  it("a correction keeps the replaced response's respondent; naming another is a 400", async () => {
    const clientId = await newClient();
    const original = await submit(await give(clientId, { respondent: 'guardian' }));
    const other = await api(alice)('POST', `/clients/${clientId}/responses`, {
      questionnaireId: 'worry-check',
      replaces: original.id,
      respondent: 'teacher',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields).toHaveProperty('respondent');
    const correction = await give(clientId, { replaces: original.id });
    expect(correction).toMatchObject({ replaces: original.id, respondent: 'guardian' });
  });

  it("a link's response is answered by the link's respondent", async () => {
    const clientId = await newClient();
    const made = await api(alice)('POST', `/clients/${clientId}/links`, {
      questionnaireId: 'worry-check',
      respondent: 'teacher',
      language: 'en',
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = (made.json().url as string).split('/r/')[1]!;
    const page = await app.inject({ method: 'GET', url: `/api/respond/${token}` });
    expect(page.json().respondent).toBe('teacher');
    const done = await app.inject({
      method: 'POST',
      url: `/api/respond/${token}/submit`,
      payload: { answers: ANSWERS },
    });
    expect(done.statusCode, done.body).toBe(200);
    const response = (await api(alice)('GET', `/responses/${made.json().link.responseId}`)).json();
    expect(response.respondent).toBe('teacher');
    // the teacher's version asks for the free text: it is kept
    expect(response.answers).toEqual(ANSWERS);
    expect(response.result.context).toEqual({ respondent: 'teacher', age: 11, sex: 'female' });
  });
});

describe('POST /api/responses/:id/submit: scored for who answered, at the age and sex of the day', () => {
  it('keeps the context in the result: the respondent, the age on the response date and the sex', async () => {
    const clientId = await newClient();
    const done = await submit(await give(clientId, { respondent: 'self' }));
    expect(done.result.context).toEqual({ respondent: 'self', age: 11, sex: 'female' });
  });

  it.each([
    ['other', null],
    ['prefer_not_to_say', null],
    ['male', 'male'],
  ])('reads the gender %s as sex %s', async (gender, sex) => {
    const clientId = await newClient({ ...validSections.demographics, gender });
    const client = (await api(alice)('GET', `/clients/${clientId}`)).json();
    expect(client.sex).toBe(sex);
    const done = await submit(await give(clientId, { respondent: 'self' }));
    expect(done.result.context).toEqual({ respondent: 'self', age: 11, sex });
  });

  it('scores with no age and no sex when the intake records neither', async () => {
    const { birthDate: _b, gender: _g, ...rest } = validSections.demographics;
    const clientId = await newClient(rest);
    const client = (await api(alice)('GET', `/clients/${clientId}`)).json();
    expect(client).toMatchObject({ age: null, sex: null });
    const done = await submit(await give(clientId, { respondent: 'guardian' }));
    expect(done.result.context).toEqual({ respondent: 'guardian', age: null, sex: null });
  });

  it("drops an item not in the respondent's version when saving and submitting; the teacher's is kept", async () => {
    const clientId = await newClient();
    const self = await give(clientId, { respondent: 'self' });
    const saved = await api(alice)('PUT', `/responses/${self.id}`, {
      answers: ANSWERS,
      version: self.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await api(alice)('GET', `/responses/${self.id}`)).json().answers).toEqual({
      w1: 1,
      w2: 2,
      w3: 3,
    });
    expect((await submit(self)).answers).toEqual({ w1: 1, w2: 2, w3: 3 });
    const teacher = await submit(await give(clientId, { respondent: 'teacher' }));
    expect(teacher.answers).toEqual(ANSWERS);
  });
});

/** A birth date that makes the client `age` today, three months past the birthday (no test fails on one). */
function birthDateAged(age: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - age);
  date.setUTCMonth(date.getUTCMonth() - 3);
  return date.toISOString().slice(0, 10);
}

interface AuthorCase {
  name: string;
  respondent: string;
  age?: number;
  sex?: 'female' | 'male';
  answers: Record<string, unknown>;
  expect: { scales: Record<string, Record<string, unknown>>; flags: string[] };
}
const SCHOOL_DAY_CASES = (
  JSON.parse(readFileSync('schemas/questionnaires/school-day/v1.scoring.v1.cases.json', 'utf8')) as {
    cases: AuthorCase[];
  }
).cases;

describe("the server's score of record with norms equals the author's cases (school-day)", () => {
  // a guardian's girl of 7, a teacher's girl of 8 (the teacher's norms and bands), a teacher's child of unknown sex
  it.each([0, 2, 7].map((i) => [SCHOOL_DAY_CASES[i]!.name.slice(0, 60), SCHOOL_DAY_CASES[i]!] as const))(
    '%s...',
    async (_name, authorCase) => {
      const clientId = await newClient({
        ...validSections.demographics,
        birthDate: birthDateAged(authorCase.age!),
        gender: authorCase.sex ?? 'prefer_not_to_say',
      });
      const given = await give(
        clientId,
        { respondent: authorCase.respondent, ageOverride: true },
        'school-day',
      );
      const done = await submit(given, authorCase.answers);
      expect(done.result.context).toEqual({
        respondent: authorCase.respondent,
        age: authorCase.age,
        sex: authorCase.sex ?? null,
      });
      for (const [id, expected] of Object.entries(authorCase.expect.scales)) {
        const scale = done.result.scales.find((s: { id: string }) => s.id === id);
        const got = {
          score: scale.score,
          band: scale.band?.id ?? null,
          t: scale.normed?.t ?? null,
          percentile: scale.normed?.percentile ?? null,
        };
        expect(got, id).toMatchObject(expected);
      }
      expect(done.result.flags.map((f: { id: string }) => f.id).sort()).toEqual(
        [...authorCase.expect.flags].sort(),
      );
    },
  );
});

describe('npm run admin -- rescore keeps the context of the original score', () => {
  it('rescores with the stored context even after the intake changed', async () => {
    const clientId = await newClient();
    const original = await submit(await give(clientId, { respondent: 'teacher' }));
    const intake = (await api(alice)('GET', `/client-intake/${clientId}`)).json();
    const changed = await api(alice)('PUT', `/client-intake/${clientId}`, {
      status: 'draft',
      version: intake.version,
      demographics: { ...validSections.demographics, gender: 'male' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const scoring = JSON.parse(readFileSync(path.join(dir(), 'v1.scoring.json'), 'utf8'));
    const scoring2 = path.join(dir(), 'v1.scoring.v2.json');
    writeFileSync(scoring2, JSON.stringify({ ...scoring, version: 2 }));
    try {
      const catalog = loadQuestionnaireCatalog({ schemasDir: files.schemasDir });
      await runAdminCommand({ db: app.db, keys: app.keys, catalog }, ['rescore', original.id]);
    } finally {
      rmSync(scoring2, { force: true });
    }
    const client = (await api(alice)('GET', `/clients/${clientId}`)).json();
    const rescored = client.responses.find((r: { replaces: string | null }) => r.replaces === original.id);
    expect(rescored).toMatchObject({ respondent: 'teacher', scoringVersion: 2 });
    expect(rescored.result.context).toEqual({ respondent: 'teacher', age: 11, sex: 'female' });
    expect(client.sex).toBe('male');
  });
});

describe('migration 016: who answered', () => {
  it('leaves responses given before it unknown, takes a link response from its link, and refuses an unknown respondent', async () => {
    const clientId = await newClient();
    const inSession = await give(clientId, { respondent: 'self' });
    const made = await api(alice)('POST', `/clients/${clientId}/links`, {
      questionnaireId: 'worry-check',
      respondent: 'guardian',
      language: 'en',
    });
    expect(made.statusCode, made.body).toBe(201);
    const byLink = made.json().link.responseId as string;
    // as the database stood before the column existed
    await respondentMigration.down(app.db as Kysely<unknown>);
    await respondentMigration.up(app.db as Kysely<unknown>);
    const { rows } = await sql<{ id: string; respondent: string | null }>`
      select id, respondent from questionnaire_responses where id in (${inSession.id}, ${byLink})`.execute(
      app.db,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.respondent]))).toEqual({
      [inSession.id]: null,
      [byLink]: 'guardian',
    });
    await expect(
      sql`update questionnaire_responses set respondent = 'uncle' where id = ${inSession.id}`.execute(app.db),
    ).rejects.toThrow();
  });
});
