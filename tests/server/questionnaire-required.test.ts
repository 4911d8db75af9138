import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkForms } from '../../src/forms/check';
import { loadEngine, loadQuestionnaireCatalog, readJsonTree } from '../../src/forms/node';
import { errorsOfShownItems } from '../../src/forms/questionnaires';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { filesWithBedtimeCheck } from '../fixtures/questionnaires/bedtime-check';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let clientId: string;
let files: ReturnType<typeof filesWithBedtimeCheck>;

beforeAll(async () => {
  files = filesWithBedtimeCheck();
  testApp = await createTestApp({ schemasDir: files.schemasDir, localesDir: files.localesDir });
  app = testApp.app;
  alice = await createPractitioner(app);
  clientId = await newClientRecord(app, alice);
});

afterAll(async () => {
  await testApp?.close();
  files?.remove();
});

const api = (method: InjectOptions['method'], url: string, payload?: unknown, lang = 'en') =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: { ...alice.headers, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

async function give(questionnaireId: string, language?: 'en' | 'tr'): Promise<string> {
  const res = await api('POST', `/clients/${clientId}/responses`, {
    questionnaireId,
    ...(language && { language }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const EVERY_FEELING = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6'];
const ROUTINES_REQUIRED = {
  r1: 'aLittle',
  r2: 'veryMuch',
  r3: 'notAtAll',
  r5: 'aLittle',
  r6: 'aLittle',
  r7: 'quiteALot',
};

describe('POST /api/responses/:id/submit with required items unanswered', () => {
  it.each([
    ['en', 'tr', 'Answer this question: I had thoughts of hurting myself.'],
    ['tr', 'en', 'Bu maddeyi yanıtla: '],
  ] as const)(
    'answers 422 RESPONSE_INCOMPLETE naming every unanswered item in the language it is filled in (%s), the answer in the interface language (%s), and stores nothing',
    async (filledIn, lang, m6) => {
      const id = await give('everyday-feelings', filledIn);
      const res = await api('POST', `/responses/${id}/submit`, { answers: {} }, lang);
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json();
      expect(body.code).toBe('RESPONSE_INCOMPLETE');
      expect(Object.keys(body.fields).sort()).toEqual([...EVERY_FEELING].sort());
      expect(body.fields.m6).toContain(m6);
      expect(body.message).toMatch(lang === 'en' ? /not answered yet/ : /henüz yanıtlanmadı/);
      const stored = (await api('GET', `/responses/${id}`)).json();
      expect(stored).toMatchObject({ status: 'draft', answers: {}, result: null, submittedAt: null });
      const client = (await api('GET', `/clients/${clientId}`)).json() as {
        responses: Array<{ id: string; status: string }>;
      };
      expect(client.responses.find((r) => r.id === id)?.status).toBe('draft');
    },
  );

  it('refuses the stored draft alike when the body has no answers', async () => {
    const id = await give('everyday-feelings');
    const saved = await api('PUT', `/responses/${id}`, { answers: { w1: 'never' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await api('POST', `/responses/${id}/submit`, {});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields)).not.toContain('w1');
    expect(Object.keys(res.json().fields)).toHaveLength(11);
  });

  it('keeps a value an item cannot take a 400 VALIDATION_FAILED, apart from what is unanswered', async () => {
    const id = await give('everyday-feelings');
    const res = await api('POST', `/responses/${id}/submit`, { answers: { w1: 'sometimesish' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { w1: expect.any(String) } });
  });

  it('never requires a hidden item: the follow-up r10 is required only while r9 is "yes"', async () => {
    const hidden = await give('home-routines');
    const ok = await api('POST', `/responses/${hidden}/submit`, {
      answers: { ...ROUTINES_REQUIRED, r4: 'aLittle', r8: 'aLittle', r9: 'no' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('submitted');

    const shown = await give('home-routines');
    const refused = await api('POST', `/responses/${shown}/submit`, {
      answers: { ...ROUTINES_REQUIRED, r4: 'aLittle', r8: 'aLittle', r9: 'yes' },
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().fields)).toEqual(['r10']);
  });

  it('lets optional items stay unanswered; minAnswered still decides "Not scored"', async () => {
    const id = await give('home-routines');
    const res = await api('POST', `/responses/${id}/submit`, { answers: { ...ROUTINES_REQUIRED, r9: 'no' } });
    expect(res.statusCode, res.body).toBe(200);
    const scales = Object.fromEntries(
      (res.json().result.scales as Array<{ id: string; score: number | null; answered: number }>).map((s) => [
        s.id,
        s,
      ]),
    );
    // sleep: 3 of 4 answered (r4 optional), enough; total: 6 of 9 with r10 hidden, fewer than its 7
    expect(scales.sleep).toMatchObject({ answered: 3, score: expect.any(Number) });
    expect(scales.total).toMatchObject({ answered: 6, score: null });
  });
});

describe('POST /api/respond/:token/submit with required items unanswered', () => {
  it('answers 422 with the items in the link language, keeps the link open, then accepts the answers', async () => {
    const made = await api('POST', `/clients/${clientId}/links`, {
      questionnaireId: 'home-routines',
      respondent: 'guardian',
      language: 'tr',
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = (made.json().url as string).split('/r/')[1]!;
    const send = (answers: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/respond/${token}/submit`, payload: { answers } });

    const empty = await send({});
    expect(empty.statusCode, empty.body).toBe(422);
    expect(empty.json().code).toBe('RESPONSE_INCOMPLETE');
    expect(Object.keys(empty.json().fields).sort()).toEqual(['r1', 'r2', 'r3', 'r5', 'r6', 'r7', 'r9']);
    expect(empty.json().fields.r9).toMatch(/^Bu maddeyi yanıtlayın: /);
    const read = await app.inject({ method: 'GET', url: `/api/respond/${token}` });
    expect(read.statusCode, read.body).toBe(200);

    const done = await send({ ...ROUTINES_REQUIRED, r9: 'no' });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('a questionnaire added as files: a required follow-up behind showIf (bedtime-check)', () => {
  const base = { nightWaking: 'sometimes', fallsAsleepEasily: 'often', morningTired: 'never' };

  it('passes check:forms', () => {
    const problems = checkForms(readJsonTree(files.schemasDir), readJsonTree(files.localesDir));
    expect(problems).toEqual([]);
  });

  it('the browser validation (engine errors of shown items) ignores the hidden follow-up, requires it when shown', () => {
    const engine = loadEngine({ schemasDir: files.schemasDir, localesDir: files.localesDir });
    const def = loadQuestionnaireCatalog({ schemasDir: files.schemasDir }).get('bedtime-check');
    const check = (answers: Record<string, unknown>) =>
      errorsOfShownItems(
        def,
        answers,
        engine.validate(def.formId, def.version, answers, { mode: 'full', lang: 'en' }),
      ).map((e) => e.path);
    // the whole schema alone would block: wakingDetail is in "required"
    expect(
      engine.validate(def.formId, def.version, base, { mode: 'full', lang: 'en' }).map((e) => e.path),
    ).toEqual(['wakingDetail']);
    expect(check(base)).toEqual([]);
    expect(check({ ...base, nightWaking: 'often' })).toEqual(['wakingDetail']);
    expect(check({ ...base, nightWaking: 'often', wakingDetail: 'noise' })).toEqual([]);
  });

  it('the server applies the same rule: hidden follow-up not required, shown follow-up required', async () => {
    const hidden = await give('bedtime-check');
    expect((await api('POST', `/responses/${hidden}/submit`, { answers: base })).statusCode).toBe(200);
    const shown = await give('bedtime-check');
    const refused = await api('POST', `/responses/${shown}/submit`, {
      answers: { ...base, nightWaking: 'often' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({
      wakingDetail: 'Answer this question: What usually wakes your child?',
    });
    const done = await api('POST', `/responses/${shown}/submit`, {
      answers: { ...base, nightWaking: 'often', wakingDetail: 'noise' },
    });
    expect(done.statusCode, done.body).toBe(200);
    // napsInDay is optional: 3 of 4 answered is fewer than minAnswered 4
    expect(done.json().result.scales[0]).toMatchObject({ answered: 3, score: null });
  });
});
