import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionnaireResults } from '../../src/shared';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let clientId: string;

// Everyday Feelings scoring 2 gives worry SD 3.8, r 0.82, cut-off 8 (higher is worse):
// SE_diff = 3.8 · √2 · √0.18 = 2.280, so a change of 1.96 · 2.280 = 4.469 or more is reliable.
// w4 is reversed (never 3 ... always 0); the mood items stay at 0 so no flag is raised.
const MOOD_AT_ZERO = { m1: 'never', m2: 'never', m3: 'always', m4: 'never', m5: 'never', m6: 'never' };
const WORRY = {
  // 2 + 2 + 2 + 3 + 2 + 1 = 12: in the clinical range (≥ 8)
  12: { w1: 'often', w2: 'often', w3: 'often', w4: 'never', w5: 'often', w6: 'sometimes' },
  // 1 + 1 + 1 + 0 + 1 + 2 = 6: 12 → 6 is −6, reliably improved, and under the cut-off
  6: { w1: 'sometimes', w2: 'sometimes', w3: 'sometimes', w4: 'always', w5: 'sometimes', w6: 'often' },
  // 2 + 1 + 2 + 2 + 1 + 1 = 9: −3 since the first and +3 since the previous, neither reliable; clinical again
  9: { w1: 'often', w2: 'sometimes', w3: 'often', w4: 'sometimes', w5: 'sometimes', w6: 'sometimes' },
};

const COLUMNS = {
  en: [
    'Reliable change since the first',
    'Reliable change since the previous',
    'Clinical or typical range',
    'Cut-off crossed since the first',
  ],
  tr: [
    'İlk yanıta göre güvenilir değişim',
    'Bir önceki yanıta göre güvenilir değişim',
    'Klinik ya da olağan aralık',
    'İlk yanıttan bu yana kesme puanı geçişi',
  ],
};

function api(method: InjectOptions['method'], url: string, payload?: unknown, lang = 'en') {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { ...alice.headers, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  alice = await createPractitioner(app);
  clientId = await newClientRecord(app, alice, validSections.demographics);
  for (const worry of [12, 6, 9] as const) {
    const given = await api('POST', `/clients/${clientId}/responses`, {
      questionnaireId: 'everyday-feelings',
      language: 'en',
    });
    expect(given.statusCode, given.body).toBe(201);
    const done = await api('POST', `/responses/${given.json().id}/submit`, {
      answers: { ...WORRY[worry], ...MOOD_AT_ZERO },
    });
    expect(done.statusCode, done.body).toBe(200);
  }
}, 240_000);

afterAll(async () => {
  await testApp?.close();
});

describe('reliable change of a client’s scores (ADR 127)', () => {
  it('GET /api/clients/:id/results labels each score against the first and the previous', async () => {
    const res = await api('GET', `/clients/${clientId}/results`);
    expect(res.statusCode, res.body).toBe(200);
    const feelings = (res.json() as QuestionnaireResults[]).find(
      (q) => q.questionnaireId === 'everyday-feelings',
    );
    const worry = feelings!.scales.find((s) => s.id === 'worry')!;
    expect(worry.change).toEqual({ threshold: expect.closeTo(4.469, 3), cutoff: 8, higherIs: 'worse' });
    expect(worry.points.map((p) => [p.score, p.change])).toEqual([
      [12, null],
      [6, { sinceFirst: 'improved', sincePrevious: 'improved', clinical: false, crossed: 'intoTypical' }],
      [9, { sinceFirst: 'noChange', sincePrevious: 'noChange', clinical: true, crossed: null }],
    ]);
  });

  it.each([
    [
      'en',
      ',',
      ['Reliably improved', 'Reliably improved', 'Typical range', 'Crossed into the typical range'],
    ],
    ['tr', ';', ['Güvenilir iyileşme', 'Güvenilir iyileşme', 'Olağan aralık', 'Olağan aralığa geçti']],
  ] as const)(
    'the scores CSV says them in words, the first score with its range only (%s)',
    async (lang, sep, improved) => {
      const res = await api('GET', `/clients/${clientId}/scores.csv`, undefined, lang);
      expect(res.statusCode, res.body).toBe(200);
      const [header, ...rows] = res.body
        .slice(1)
        .trim()
        .split('\r\n')
        .map((line) => line.split(sep).map((cell) => cell.replace(/^"|"$/g, '')));
      const first = header!.indexOf(COLUMNS[lang][0]!);
      expect(first).toBeGreaterThan(0);
      expect(header!.slice(first, first + 4)).toEqual(COLUMNS[lang]);
      // one row per response and scale, the worry rows first of each response
      const worryRows = rows.filter((_row, i) => i % 3 === 0);
      expect(worryRows.map((row) => row[first - 4])).toEqual(['12', '6', '9']);
      expect(worryRows.map((row) => row.slice(first, first + 4))).toEqual([
        ['', '', lang === 'en' ? 'Clinical range' : 'Klinik aralık', ''],
        improved,
        lang === 'en'
          ? ['No reliable change', 'No reliable change', 'Clinical range', '']
          : ['Güvenilir değişim yok', 'Güvenilir değişim yok', 'Klinik aralık', ''],
      ]);
    },
  );
});
