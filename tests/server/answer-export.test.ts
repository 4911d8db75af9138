import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreAnswers } from '../../src/forms/questionnaires';
import { createResponseStore } from '../../src/server/questionnaires/response-store';
import { answerExportSchema } from '../../src/shared';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { createTestApp, type TestApp } from './support/test-app';

// mood-diary (tests/fixtures/answer-export): total = sad + happy (reversed) + sleep (+ tired in v1, worry in v2);
// "don't know" is not scored; reliable change 2, cut-off 4 (higher is worse); T 62 / 88.5th percentile from 4 up
const FIXTURE = path.resolve('tests/fixtures/answer-export');
const NOTE = 'Annesi Ayşe Hanım hastanede';

let testApp: TestApp;
let app: FastifyInstance;
let root: string;
let alice: Practitioner;
let clientId: string;
const ids: Record<'first' | 'replaced' | 'english' | 'correction', string> = {
  first: '',
  replaced: '',
  english: '',
  correction: '',
};

function api(who: Practitioner, method: InjectOptions['method'], url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** A submitted response pinned to `version`, stored as the server stores one (give pins only the newest). */
async function storedResponse(version: number, language: 'en' | 'tr', answers: Record<string, unknown>) {
  const store = createResponseStore(app.db, app.keys.encryption);
  const def = app.questionnaires.get('mood-diary', version, 1);
  const created = await store.create(alice.id, {
    intakeId: clientId,
    questionnaireId: 'mood-diary',
    questionnaireVersion: version,
    scoringVersion: 1,
    language,
    respondent: 'guardian',
    replacesId: null,
  });
  const result = scoreAnswers(def, answers, { respondent: 'guardian', age: 11, sex: 'female' });
  expect(await store.write(alice.id, created!.id, undefined, answers, result)).toBeDefined();
  return created!.id;
}

/** Given and submitted through the API, as in session. */
async function givenResponse(language: 'en' | 'tr', answers: Record<string, unknown>, replaces?: string) {
  const given = await api(alice, 'POST', `/clients/${clientId}/responses`, {
    questionnaireId: 'mood-diary',
    language,
    respondent: 'guardian',
    ...(replaces ? { replaces } : {}),
  });
  expect(given.statusCode, given.body).toBe(201);
  const done = await api(alice, 'POST', `/responses/${given.json().id}/submit`, { answers });
  expect(done.statusCode, done.body).toBe(200);
  return given.json().id as string;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'answer-export-'));
  const schemasDir = path.join(root, 'schemas');
  const localesDir = path.join(root, 'locales');
  cpSync(path.resolve('schemas'), schemasDir, { recursive: true });
  cpSync(path.resolve('locales'), localesDir, { recursive: true });
  cpSync(path.join(FIXTURE, 'schemas'), schemasDir, { recursive: true });
  cpSync(path.join(FIXTURE, 'locales'), localesDir, { recursive: true });
  testApp = await createTestApp({ schemasDir, localesDir });
  app = testApp.app;
  alice = await createPractitioner(app);
  clientId = await newClientRecord(app, alice, {
    ...validSections.demographics,
    clientFirstName: 'Ayşe',
    clientLastName: 'Yılmaz',
  });
  // v1 in Turkish: 2 + 2 (happy "never" reversed) + 2 + 1 = 7, high
  ids.first = await storedResponse(1, 'tr', {
    sad: 'often',
    happy: 'never',
    sleep: 'often',
    tired: 'yes',
    note: NOTE,
  });
  // v2, later corrected: left out of the export
  ids.replaced = await storedResponse(2, 'tr', {
    happy: 'often',
    sad: 'never',
    worry: 'never',
    sleep: 'never',
  });
  // v2 in English: 1 + 1 + 0 + 0 = 2, low; 7 -> 2 is reliably better and below the cut-off
  ids.english = await givenResponse('en', {
    happy: 'sometimes',
    sad: 'sometimes',
    worry: 'never',
    sleep: 'never',
  });
  // the correction of the v2 response: 2 + 2 + 2 + "don't know" = 6; since the first 7 -> 6, since the previous 2 -> 6
  ids.correction = await givenResponse(
    'tr',
    { happy: 'never', sad: 'often', worry: 'often', sleep: 'dontKnow' },
    ids.replaced,
  );
}, 240_000);

afterAll(async () => {
  await testApp?.close();
  rmSync(root, { recursive: true, force: true });
});

async function exported(format: 'csv' | 'json', lang: 'en' | 'tr', query = '', who = alice, id = clientId) {
  return app.inject({
    method: 'GET',
    url: `/api/clients/${id}/answers.${format}?questionnaire=mood-diary${query}`,
    headers: { ...who.headers, 'accept-language': lang },
  });
}

describe('GET /api/clients/:id/answers.json (ADR 130)', () => {
  it('holds every response of record, a replaced one left out and its correction marked', async () => {
    const res = await exported('json', 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(new Ajv({ strict: false }).validate(answerExportSchema, body)).toBe(true);
    expect(body.responses.map((r: { id: string }) => r.id)).toEqual([ids.first, ids.english, ids.correction]);
    expect(body.responses.map((r: { replaces: string | null }) => r.replaces)).toEqual([
      null,
      null,
      ids.replaced,
    ]);
    expect(body.client).toEqual({ id: clientId, name: 'Ayşe Yılmaz' });
    expect(body.questionnaire).toEqual({ id: 'mood-diary', title: 'Mood Diary' });
  });

  it('orders items as the newest version does, items only older versions have after', async () => {
    const body = (await exported('json', 'en')).json();
    expect(body.items.map((i: { id: string }) => i.id)).toEqual(['happy', 'sad', 'worry', 'sleep', 'tired']);
    expect(body.items[4]).toEqual({
      id: 'tired',
      label: 'Seems tired.',
      freeText: false,
      scored: true,
      versions: [1],
    });
    expect(body.items[0].versions).toEqual([2, 1]);
  });

  it("gives option labels in the response's language although the practitioner reads English", async () => {
    const [first, english, correction] = (await exported('json', 'en')).json().responses;
    expect(first.language).toBe('tr');
    expect(first.answers.sad).toEqual({ value: 'often', label: 'Sık sık', score: 2 });
    expect(english.answers.sad).toEqual({ value: 'sometimes', label: 'Sometimes', score: 1 });
    // scores as scored: "never" on the reversed item counts 2; "don't know" is answered but not scored
    expect(first.answers.happy).toEqual({ value: 'never', label: 'Hiçbir zaman', score: 2 });
    expect(correction.answers.sleep).toEqual({ value: 'dontKnow', label: 'Bilmiyorum', score: null });
    // each response holds the items of its own version
    expect(Object.keys(first.answers)).toEqual(['sad', 'happy', 'sleep', 'tired']);
    expect(Object.keys(english.answers)).toEqual(['happy', 'sad', 'worry', 'sleep']);
  });

  it('and the English labels when the practitioner reads Turkish', async () => {
    const [, english] = (await exported('json', 'tr')).json().responses;
    expect(english.answers.sad.label).toBe('Sometimes');
  });

  it('gives each scale its score, band, normed scores and change labels in the practitioner’s words', async () => {
    const [first, english, correction] = (await exported('json', 'en')).json().responses;
    // the first score has no change to tell, only the range it is in
    expect(first.scales.total).toEqual({
      score: 7,
      band: { id: 'high', label: 'High' },
      t: 62,
      percentile: 88.5,
      change: {
        sinceFirst: null,
        sincePrevious: null,
        clinical: true,
        crossed: null,
        labels: { sinceFirst: null, sincePrevious: null, clinical: 'Clinical range', crossed: null },
      },
    });
    expect(english.scales.total.change).toEqual({
      sinceFirst: 'improved',
      sincePrevious: 'improved',
      clinical: false,
      crossed: 'intoTypical',
      labels: {
        sinceFirst: 'Reliably improved',
        sincePrevious: 'Reliably improved',
        clinical: 'Typical range',
        crossed: 'Crossed into the typical range',
      },
    });
    expect(correction.scales.total.score).toBe(6);
    expect(correction.scales.total.change.labels).toEqual({
      sinceFirst: 'No reliable change',
      sincePrevious: 'Reliably deteriorated',
      clinical: 'Clinical range',
      crossed: null,
    });
    const turkish = (await exported('json', 'tr')).json().responses[1];
    expect(turkish.scales.total.change.labels.sinceFirst).toBe('Güvenilir iyileşme');
    expect(turkish.respondent).toEqual({ id: 'guardian', label: 'Veli' });
  });

  it('leaves free-text answers out unless asked: the item is absent, not empty', async () => {
    const without = (await exported('json', 'en')).json();
    expect(without.freeText).toBe(false);
    expect(without.items.map((i: { id: string }) => i.id)).not.toContain('note');
    expect(JSON.stringify(without)).not.toContain('Annesi');
    const withText = (await exported('json', 'en', '&freeText=true')).json();
    expect(withText.freeText).toBe(true);
    expect(withText.items.find((i: { id: string }) => i.id === 'note')).toMatchObject({
      freeText: true,
      scored: false,
    });
    expect(withText.responses[0].answers.note).toEqual({ value: NOTE, label: null, score: null });
    expect(withText.responses[1].answers.note).toBeNull();
  });
});

describe('GET /api/clients/:id/answers.csv (ADR 114, 130)', () => {
  const lines = (body: string) => body.slice(1).trim().split('\r\n');

  it('opens in Turkish Excel: BOM, ";", Turkish headers, one row per response, answers in their language', async () => {
    const res = await exported('csv', 'tr');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, first, english, correction] = lines(res.body);
    expect(header).toBe(
      [
        'Danışan',
        'Ölçek',
        'Sürüm',
        'Puanlama sürümü',
        'Gönderilme zamanı (İstanbul saati)',
        'Dil',
        'Yanıtlayan',
        'Önceki bir yanıtı düzeltiyor',
        'Toplam: Puan',
        'Toplam: T puanı',
        'Toplam: Yüzdelik',
        'Toplam: Düzey',
        'Toplam: İlk yanıta göre',
        'Toplam: Bir önceki yanıta göre',
        'Toplam: Klinik veya olağan aralık',
        'Toplam: Kesme puanının geçilmesi',
        'Uyarılar',
        'happy',
        'happy (puan)',
        'sad',
        'sad (puan)',
        'worry',
        'worry (puan)',
        'sleep',
        'sleep (puan)',
        'tired',
        'tired (puan)',
      ]
        .map((h) => `"${h}"`)
        .join(';'),
    );
    const cells = first!.split(';');
    expect(cells.slice(0, 8)).toEqual([
      '"Ayşe Yılmaz"',
      '"Duygu Günlüğü"',
      '1',
      '1',
      expect.stringMatching(/^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}"$/),
      '"Türkçe"',
      '"Veli"',
      '',
    ]);
    // the decimal comma of Turkish Excel; no change label on the first response, only its range
    expect(cells.slice(8, 17)).toEqual(['7', '62', '88,5', '"Yüksek"', '', '', '"Klinik aralık"', '', '""']);
    expect(cells.slice(17)).toEqual([
      '"Hiçbir zaman"',
      '2',
      '"Sık sık"',
      '2',
      '',
      '',
      '"Sık sık"',
      '2',
      '"Evet"',
      '1',
    ]);
    expect(english!.split(';').slice(12, 19)).toEqual([
      '"Güvenilir iyileşme"',
      '"Güvenilir iyileşme"',
      '"Olağan aralık"',
      '"Olağan aralığa geçti"',
      '""',
      '"Sometimes"',
      '1',
    ]);
    expect(correction!.split(';')[7]).toBe('"Evet"');
    expect(correction!.split(';').slice(23, 25)).toEqual(['"Bilmiyorum"', '']);
  });

  it('opens in English Excel with "," and English headers, and names the file', async () => {
    const res = await exported('csv', 'en');
    expect(lines(res.body)[0]!.startsWith('"Client","Questionnaire","Version"')).toBe(true);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="answers-mood-diary-AY-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
  });

  it('has a free-text column only when asked', async () => {
    const without = await exported('csv', 'en');
    expect(lines(without.body)[0]).not.toContain('"note"');
    expect(without.body).not.toContain('Annesi');
    const withText = await exported('csv', 'en', '&freeText=true');
    const header = lines(withText.body)[0]!.split(',');
    expect(header.indexOf('"note"')).toBe(header.indexOf('"sleep (score)"') + 1);
    expect(withText.body).toContain(`"${NOTE}"`);
    expect(withText.headers['content-disposition']).toMatch(/filename="answers-mood-diary-AY-/);
  });
});

describe('who may export, and the audit trail', () => {
  it('writes an audit entry for every export: the client, the questionnaire, the format, free text or not', async () => {
    await exported('csv', 'en');
    await exported('json', 'tr', '&freeText=true');
    const entries = await app.services.audit.forClient(alice.id, clientId, 2);
    expect(entries.map((e) => [e.action, e.recordType, e.recordId])).toEqual([
      ['export', 'questionnaire-answers-free-text', 'mood-diary.json'],
      ['export', 'questionnaire-answers', 'mood-diary.csv'],
    ]);
  });

  it("answers 404 for another practitioner's client, audits nothing for them", async () => {
    const bob = await createPractitioner(app);
    for (const format of ['csv', 'json'] as const) {
      const res = await exported(format, 'en', '', bob);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await app.services.audit.forAccount(bob.id)).filter((e) => e.action === 'export')).toEqual([]);
  });

  it('answers 404 for a questionnaire the client has no results of, and 400 for a malformed one', async () => {
    const other = await app.inject({
      method: 'GET',
      url: `/api/clients/${clientId}/answers.csv?questionnaire=home-routines`,
      headers: alice.headers,
    });
    expect(other.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'GET',
      url: `/api/clients/${clientId}/answers.csv?questionnaire=..%2Fx`,
      headers: alice.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 once the client is deleted', async () => {
    const id = await newClientRecord(app, alice);
    const given = await api(alice, 'POST', `/clients/${id}/responses`, {
      questionnaireId: 'mood-diary',
      language: 'en',
      respondent: 'self',
    });
    expect(given.statusCode, given.body).toBe(201);
    const done = await api(alice, 'POST', `/responses/${given.json().id}/submit`, {
      answers: { happy: 'often', sad: 'never', worry: 'never', sleep: 'never' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await exported('json', 'en', '', alice, id)).statusCode).toBe(200);
    expect((await api(alice, 'DELETE', `/client-intake/${id}`)).statusCode).toBe(204);
    expect((await exported('json', 'en', '', alice, id)).statusCode).toBe(404);
    expect((await exported('csv', 'en', '', alice, id)).statusCode).toBe(404);
  });
});
