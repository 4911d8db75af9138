import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, localDateTime } from '../../src/server/local-time';
import { createResponseStore } from '../../src/server/questionnaires/response-store';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { FEELINGS_CRITICAL } from '../fixtures/questionnaires/risk-answers';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let clientId: string;

// everyday-feelings has three scales (worry, mood, total); m6 at "always" raises the self-harm flag
const CRITICAL = FEELINGS_CRITICAL;

function api(method: InjectOptions['method'], url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: alice.headers,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  alice = await createPractitioner(app);
  clientId = await newClientRecord(app, alice, {
    ...validSections.demographics,
    clientFirstName: 'İlkay Şule',
    clientLastName: 'Yıldız',
  });
  const given = await api('POST', `/clients/${clientId}/responses`, {
    questionnaireId: 'everyday-feelings',
    language: 'en',
  });
  expect(given.statusCode, given.body).toBe(201);
  const done = await api('POST', `/responses/${given.json().id}/submit`, { answers: CRITICAL });
  expect(done.statusCode, done.body).toBe(200);
}, 240_000);

afterAll(async () => {
  await testApp?.close();
});

async function csvIn(lang: 'en' | 'tr') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/clients/${clientId}/scores.csv`,
    headers: { ...alice.headers, 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  const lines = res.body.slice(1).trim().split('\r\n');
  return { res, lines };
}

describe('GET /api/clients/:id/scores.csv for spreadsheets (ADR 114)', () => {
  it('opens in Turkish Excel: BOM, ";" between cells, Istanbul time labelled, the language named', async () => {
    const { lines } = await csvIn('tr');
    expect(lines[0]).toBe(
      '"Danışan";"Ölçek";"Sürüm";"Puanlama sürümü";"Gönderilme zamanı (İstanbul saati)";"Dil";"Yanıtlayan";"Alt ölçek";"Puan";"T puanı";"Yüzdelik";"Düzey";"İlk yanıta göre güvenilir değişim";"Bir önceki yanıta göre güvenilir değişim";"Klinik ya da olağan aralık";"İlk yanıttan bu yana kesme puanı geçişi";"Uyarılar"',
    );
    expect(lines).toHaveLength(4);
    const cells = lines[1]!.split(';');
    expect(cells[0]).toBe('"İlkay Şule Yıldız"');
    // submitted within the last minutes: the Istanbul wall clock (UTC+3), not UTC's ISO form
    const recent = [0, 1, 2, 3].map((m) => `"${localDateTime(new Date(Date.now() - m * 60_000))}"`);
    expect(recent).toContain(cells[4]);
    expect(recent[0]).toMatch(/^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"$/);
    expect(cells[5]).toBe('"İngilizce"');
    expect(cells[6]).toBe('"Çocuk/genç kendisi"');
    // no norms in this scoring file: the normed cells stay empty
    expect(cells.slice(9, 11)).toEqual(['', '']);
    // a first score has no change to tell, but its range is said
    expect(cells.slice(12, 16)).toEqual(['""', '""', '"Olağan aralık"', '""']);
  });

  it.each([
    ['en', ',', 'No norms for this client'],
    ['tr', ';', 'Bu danışan için norm yok'],
  ] as const)(
    'says "no norms for this client", not "not scored", where a raw score has no band for want of norms (%s)',
    async (lang, separator, noNorms) => {
      // the School Day's subscales are normed for girls and boys only, their bands read on the T-score
      const other = await newClientRecord(app, alice, { ...validSections.demographics, gender: 'other' });
      const given = await api('POST', `/clients/${other}/responses`, {
        questionnaireId: 'school-day',
        respondent: 'guardian',
        language: 'en',
      });
      expect(given.statusCode, given.body).toBe(201);
      const answers = { f1: 'often', f2: 'sometimes', f3: 'often', f4: 'never', f5: 'sometimes' };
      const along = { g1: 'often', g2: 'never', g3: 'sometimes', g4: 'never', g5: 'often' };
      const done = await api('POST', `/responses/${given.json().id}/submit`, {
        answers: { ...answers, ...along },
      });
      expect(done.statusCode, done.body).toBe(200);
      const res = await app.inject({
        method: 'GET',
        url: `/api/clients/${other}/scores.csv`,
        headers: { ...alice.headers, 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      const focus = res.body.slice(1).trim().split('\r\n')[1]!.split(separator);
      expect(focus[8]).toMatch(/^\d+$/);
      expect(focus[11]).toBe(`"${noNorms}"`);
    },
  );

  it('opens in English Excel: "," between cells, the same columns in English', async () => {
    const { lines } = await csvIn('en');
    expect(lines[0]).toBe(
      '"Client","Questionnaire","Version","Scoring version","Submitted (Istanbul time)","Language","Who answered","Scale","Score","T-score","Percentile","Band","Reliable change since the first","Reliable change since the previous","Clinical or typical range","Cut-off crossed since the first","Flags"',
    );
    expect(lines[1]!.split(',').slice(5, 7)).toEqual(['"English"', '"The young person"']);
  });

  it.each(['en', 'tr'] as const)(
    'names a raised flag once per response, not on every scale row (%s)',
    async (lang) => {
      const { lines } = await csvIn(lang);
      const flagCells = lines.slice(1).map((line) => line.split(lang === 'tr' ? ';' : ',').at(-1));
      expect(flagCells[0]).toMatch(/\S{3}/);
      expect(flagCells.slice(1)).toEqual(['""', '""']);
    },
  );

  it.each([
    ['en', 'scores'],
    ['tr', 'puanlar'],
  ] as const)('names the file with the client’s initials and the Istanbul date (%s)', async (lang, word) => {
    const { res } = await csvIn(lang);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${word}-IY-${localDate(new Date())}.csv"`,
    );
  });
});

describe('GET /api/clients/:id/scores.csv with normed scores (ADR 125)', () => {
  it('puts the T-score and percentile of a normed scale beside the raw score, with the decimal mark of the language', async () => {
    const id = await newClientRecord(app, alice, validSections.demographics);
    const given = await api('POST', `/clients/${id}/responses`, {
      questionnaireId: 'home-routines',
      language: 'en',
    });
    expect(given.statusCode, given.body).toBe(201);
    const draft = given.json();
    // a result as a scoring file with norms gives it, stored as the server stores a score of record
    const result = {
      context: { respondent: 'guardian' as const, age: 11, sex: 'female' as const },
      flags: [],
      scales: [
        {
          id: 'total',
          labelKey: '_scales.total.label',
          method: 'sum' as const,
          score: 14,
          answered: 8,
          required: 6,
          itemCount: 8,
          range: { min: 0, max: 24 },
          band: null,
          bandOn: 't' as const,
          normed: { group: 'girls9to12', t: 66, percentile: 94.5 },
        },
      ],
    };
    const store = createResponseStore(app.db, app.keys.encryption);
    expect(await store.write(alice.id, draft.id, undefined, {}, result)).toBeDefined();
    for (const [lang, sep, percentile] of [
      ['en', ',', '94.5'],
      ['tr', ';', '94,5'],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/clients/${id}/scores.csv`,
        headers: { ...alice.headers, 'accept-language': lang },
      });
      const cells = res.body.slice(1).trim().split('\r\n')[1]!.split(sep);
      expect(cells.slice(6, 11)).toEqual([
        lang === 'en' ? '"Parent or guardian"' : '"Veli"',
        expect.any(String),
        '14',
        '66',
        percentile,
      ]);
    }
  });
});
