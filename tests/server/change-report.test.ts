import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoreResult } from '../../src/forms/questionnaires';
import { encryptJson } from '../../src/server/crypto/encryption';
import type { ChangeReport } from '../../src/shared';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { appFilesWithFixture } from './support/questionnaire-copy';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let bob: Practitioner;
// the shipped questionnaires all give change parameters; the test fixture worry-check gives none
let files: ReturnType<typeof appFilesWithFixture>;

/**
 * worries-and-mood's worry scale (ADR 127): reliable change 1.96 · 3.6 · √2 · √0.15 ≈ 3.87 raw points, cut-off 11,
 * higher is worse. Respondents: self (first) and guardian. The fixture worry-check gives no change parameters.
 */
const Q = 'worries-and-mood';
const PERIOD = 'from=2026-01-01&to=2026-10-31';

function resultOf(scores: Record<string, number | null>): ScoreResult {
  return {
    scales: Object.entries(scores).map(([id, score]) => ({
      id,
      labelKey: `_scales.${id}.label`,
      method: 'sum' as const,
      score,
      answered: 6,
      required: 6,
      itemCount: 6,
      range: { min: 0, max: 18 },
      band: null,
    })),
    flags: [],
  };
}

/** A submitted response with the given scores at the given time, sealed as the server seals it. */
async function scored(
  who: Practitioner,
  intakeId: string,
  at: string,
  scores: Record<string, number | null>,
  options: { respondent?: 'self' | 'guardian'; replaces?: string; questionnaire?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await app.db
    .insertInto('questionnaire_responses')
    .values({
      id,
      practitioner_id: who.id,
      intake_id: intakeId,
      questionnaire_id: options.questionnaire ?? Q,
      questionnaire_version: 1,
      scoring_version: 1,
      language: 'tr',
      respondent: options.respondent ?? 'self',
      replaces_id: options.replaces ?? null,
      status: 'submitted',
      submitted_at: new Date(at),
      answers_encrypted: encryptJson(app.keys.encryption, {}, `questionnaire-response:${id}:answers`),
      result_encrypted: encryptJson(
        app.keys.encryption,
        resultOf(scores),
        `questionnaire-response:${id}:result`,
      ),
    } as never)
    .execute();
  return id;
}

async function client(who: Practitioner, first: string, last: string) {
  return newClientRecord(app, who, {
    ...validSections.demographics,
    clientFirstName: first,
    clientLastName: last,
  });
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  files = appFilesWithFixture();
  testApp = await createTestApp({ schemasDir: files.schemasDir, localesDir: files.localesDir });
  app = testApp.app;
  alice = await createPractitioner(app);
  bob = await createPractitioner(app);
  // improved and recovered: 15 (clinical) -> 8 (typical)
  ids.ayse = await client(alice, 'Ayşe', 'Kaya');
  await scored(alice, ids.ayse, '2026-02-01T09:00:00Z', { worry: 15 });
  await scored(alice, ids.ayse, '2026-05-01T09:00:00Z', { worry: 12 });
  await scored(alice, ids.ayse, '2026-09-01T09:00:00Z', { worry: 8 });
  // worry-check gives no change parameters
  await scored(alice, ids.ayse, '2026-02-01T09:00:00Z', { total: 20 }, { questionnaire: 'worry-check' });
  await scored(alice, ids.ayse, '2026-09-01T09:00:00Z', { total: 9 }, { questionnaire: 'worry-check' });
  // no reliable change: 14 -> 12
  ids.berk = await client(alice, 'Berk', 'Demir');
  await scored(alice, ids.berk, '2026-03-01T09:00:00Z', { worry: 14 });
  await scored(alice, ids.berk, '2026-08-01T09:00:00Z', { worry: 12 });
  // deteriorated: 6 -> 12
  ids.cem = await client(alice, 'Cem', 'Yılmaz');
  await scored(alice, ids.cem, '2026-03-01T09:00:00Z', { worry: 6 });
  await scored(alice, ids.cem, '2026-10-31T20:00:00Z', { worry: 12 }); // 23:00 in Istanbul: the last day
  // one score of their own; the guardian's 20 -> 5 counts only for the guardian
  ids.deniz = await client(alice, 'Deniz', 'Ak');
  await scored(alice, ids.deniz, '2026-04-01T09:00:00Z', { worry: 10 });
  await scored(alice, ids.deniz, '2026-04-02T09:00:00Z', { worry: 20 }, { respondent: 'guardian' });
  await scored(alice, ids.deniz, '2026-06-02T09:00:00Z', { worry: 5 }, { respondent: 'guardian' });
  // one score in the period: the earlier one is outside it, and so is one a minute after it ends in Istanbul
  ids.elif = await client(alice, 'Elif', 'Çelik');
  await scored(alice, ids.elif, '2025-12-31T20:59:00Z', { worry: 16 });
  await scored(alice, ids.elif, '2026-06-01T09:00:00Z', { worry: 9 });
  await scored(alice, ids.elif, '2026-10-31T21:01:00Z', { worry: 2 });
  // unscored at both ends: the first and last scored ones are compared, 18 -> 9
  ids.gul = await client(alice, 'Gül', 'Şahin');
  await scored(alice, ids.gul, '2026-02-01T09:00:00Z', { worry: null });
  await scored(alice, ids.gul, '2026-03-01T09:00:00Z', { worry: 18 });
  await scored(alice, ids.gul, '2026-04-01T09:00:00Z', { worry: 9 });
  await scored(alice, ids.gul, '2026-05-01T09:00:00Z', { worry: null });
  // a corrected response counts once, as corrected: 14 -> 13, not 5 -> 13
  ids.hakan = await client(alice, 'Hakan', 'Öz');
  const wrong = await scored(alice, ids.hakan, '2026-02-01T09:00:00Z', { worry: 5 });
  await scored(alice, ids.hakan, '2026-02-01T09:00:01Z', { worry: 14 }, { replaces: wrong });
  await scored(alice, ids.hakan, '2026-07-01T09:00:00Z', { worry: 13 });
  // deleted: not in the report
  ids.fatma = await client(alice, 'Fatma', 'Er');
  await scored(alice, ids.fatma, '2026-02-01T09:00:00Z', { worry: 20 });
  await scored(alice, ids.fatma, '2026-07-01T09:00:00Z', { worry: 3 });
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/client-intake/${ids.fatma}`,
    headers: alice.headers,
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
  // another practitioner's client
  ids.bobs = await client(bob, 'Zeynep', 'Ateş');
  await scored(bob, ids.bobs, '2026-02-01T09:00:00Z', { worry: 15 });
  await scored(bob, ids.bobs, '2026-07-01T09:00:00Z', { worry: 5 });
}, 240_000);

afterAll(async () => {
  await testApp?.close();
  files?.remove();
});

function get(who: Practitioner, url: string, lang = 'en') {
  return app.inject({
    method: 'GET',
    url: `/api/reports/${url}`,
    headers: { ...who.headers, 'accept-language': lang },
  });
}

async function reportOf(who: Practitioner, query: string): Promise<ChangeReport> {
  const res = await get(who, `change?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const summary = (report: ChangeReport) =>
  report.clients.map((c) => [c.name, c.outcome, c.recovered, c.first.score, c.last?.score ?? null]);

describe('GET /api/reports/change', () => {
  it("counts each client's first and last score of the informant in the period", async () => {
    const report = await reportOf(alice, `questionnaire=${Q}&scale=worry&${PERIOD}`);
    expect(report).toMatchObject({ questionnaireId: Q, scaleId: 'worry', respondent: 'self' });
    expect(report.from).toBe('2026-01-01');
    expect(report.to).toBe('2026-10-31');
    expect(report.criteria).toMatchObject({ cutoff: 11, higherIs: 'worse' });
    expect(report.counts).toEqual({
      improved: 2,
      noChange: 2,
      deteriorated: 1,
      singleScore: 2,
      recovered: 2,
    });
    expect(summary(report)).toEqual([
      ['Ayşe Kaya', 'improved', true, 15, 8],
      ['Berk Demir', 'noChange', false, 14, 12],
      ['Cem Yılmaz', 'deteriorated', false, 6, 12],
      ['Deniz Ak', 'singleScore', null, 10, null],
      ['Elif Çelik', 'singleScore', null, 9, null],
      ['Gül Şahin', 'improved', true, 18, 9],
      ['Hakan Öz', 'noChange', false, 14, 13],
    ]);
    const ayse = report.clients[0]!;
    expect(ayse.clientId).toBe(ids.ayse);
    expect(ayse.first.submittedAt).toBe('2026-02-01T09:00:00.000Z');
    expect(ayse.last?.submittedAt).toBe('2026-09-01T09:00:00.000Z');
  });

  it("compares the chosen informant's scores only", async () => {
    const report = await reportOf(alice, `questionnaire=${Q}&scale=worry&respondent=guardian&${PERIOD}`);
    expect(report.respondent).toBe('guardian');
    expect(report.counts).toEqual({
      improved: 1,
      noChange: 0,
      deteriorated: 0,
      singleScore: 0,
      recovered: 1,
    });
    expect(summary(report)).toEqual([['Deniz Ak', 'improved', true, 20, 5]]);
  });

  it('says a scale without change parameters counts nothing, and lists the scores', async () => {
    const report = await reportOf(alice, `questionnaire=worry-check&scale=total&${PERIOD}`);
    expect(report.respondent).toBeNull();
    expect(report.criteria).toBeNull();
    expect(report.counts).toBeNull();
    expect(summary(report)).toEqual([['Ayşe Kaya', null, null, 20, 9]]);
  });

  it("shows another practitioner nothing of Alice's, and Alice nothing of theirs", async () => {
    const bobs = await reportOf(bob, `questionnaire=${Q}&scale=worry&${PERIOD}`);
    expect(summary(bobs)).toEqual([['Zeynep Ateş', 'improved', true, 15, 5]]);
    const alices = await reportOf(alice, `questionnaire=${Q}&scale=worry&${PERIOD}`);
    expect(alices.clients.map((c) => c.clientId)).not.toContain(ids.bobs);
  });

  it('leaves a deleted client out', async () => {
    const report = await reportOf(alice, `questionnaire=${Q}&scale=worry&${PERIOD}`);
    expect(report.clients.map((c) => c.clientId)).not.toContain(ids.fatma);
    expect(JSON.stringify(report)).not.toContain('Fatma');
  });

  it('defaults to the twelve months up to today', async () => {
    const report = await reportOf(alice, `questionnaire=${Q}&scale=worry`);
    expect(report.to >= '2026-01-01').toBe(true);
    const to = new Date(`${report.to}T00:00:00Z`);
    to.setUTCFullYear(to.getUTCFullYear() - 1);
    to.setUTCDate(to.getUTCDate() + 1);
    expect(report.from).toBe(to.toISOString().slice(0, 10));
  });

  it.each([
    ['scale=worry', ['questionnaire']],
    [`questionnaire=${Q}`, ['scale']],
    [`questionnaire=nope&scale=worry`, ['questionnaire']],
    [`questionnaire=${Q}&scale=nope`, ['scale']],
    [`questionnaire=${Q}&scale=worry&respondent=teacher`, ['respondent']],
    [`questionnaire=${Q}&scale=worry&respondent=uncle`, ['respondent']],
    [`questionnaire=${Q}&scale=worry&from=2026-13-01`, ['from']],
    [`questionnaire=${Q}&scale=worry&from=2026-06-01&to=2026-05-31`, ['from', 'to']],
  ])('answers 400 with the field names for %s', async (query, fields) => {
    const res = await get(alice, `change?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields ?? {}).sort()).toEqual([...fields].sort());
  });

  it('answers 401 without a session', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/reports/change?questionnaire=${Q}&scale=worry`,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/reports/questionnaires', () => {
  it("names the questionnaires with scores to report, the most recently answered first, of one's own clients only", async () => {
    const answered = async (who: Practitioner) => {
      const res = await get(who, 'questionnaires');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().questionnaires;
    };
    expect(await answered(alice)).toEqual([Q, 'worry-check']);
    expect(await answered(bob)).toEqual([Q]);
    // nothing answered yet: the page opens on the library's first
    expect(await answered(await createPractitioner(app))).toEqual([]);
    const res = await app.inject({ method: 'GET', url: '/api/reports/questionnaires' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/reports/change.csv', () => {
  it('opens in Turkish Excel: BOM, ";" between cells, Istanbul times, the change in words', async () => {
    const res = await get(alice, `change.csv?questionnaire=${Q}&scale=worry&${PERIOD}`, 'tr');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="degisim-raporu-worries-and-mood-worry-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Danışan";"Ölçek";"Alt ölçek";"Yanıtlayan";"İlk puan zamanı (İstanbul saati)";"İlk puan";"Son puan zamanı (İstanbul saati)";"Son puan";"Değişim";"İyileşti"',
    );
    expect(lines).toHaveLength(8);
    const ayse = lines[1]!.split(';');
    expect(ayse[0]).toBe('"Ayşe Kaya"');
    expect(ayse[4]).toBe('"2026-02-01 12:00"');
    expect(ayse.slice(5)).toEqual(['15', '"2026-09-01 12:00"', '8', '"Güvenilir iyileşme"', '"Evet"']);
    const deniz = lines[4]!.split(';');
    expect(deniz.slice(5)).toEqual(['10', '', '', '"Yalnızca tek puan"', '']);
    expect(res.body).not.toContain('Fatma');
  });

  it('answers 400 with the field names for a bad query', async () => {
    const res = await get(alice, `change.csv?questionnaire=${Q}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['scale']);
  });
});

describe('audit of reports', () => {
  it('records every report view and CSV download, naming the questionnaire and scale', async () => {
    const before = await app.db
      .selectFrom('audit_entries')
      .select(['action', 'record_type', 'record_id', 'client_id'])
      .where('practitioner_id', '=', alice.id)
      .where('record_type', '=', 'change-report')
      .execute();
    await reportOf(alice, `questionnaire=${Q}&scale=mood`);
    expect((await get(alice, `change.csv?questionnaire=${Q}&scale=mood`)).statusCode).toBe(200);
    const after = await app.db
      .selectFrom('audit_entries')
      .select(['action', 'record_type', 'record_id', 'client_id'])
      .where('practitioner_id', '=', alice.id)
      .where('record_type', '=', 'change-report')
      .execute();
    expect(after.slice(before.length)).toEqual([
      { action: 'read', record_type: 'change-report', record_id: `${Q}/mood`, client_id: null },
      { action: 'export', record_type: 'change-report', record_id: `${Q}/mood`, client_id: null },
    ]);
  });
});
