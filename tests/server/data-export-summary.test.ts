import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { HOME_ROUTINES_ANSWERS } from '../fixtures/questionnaires/home-routines-answers';
import { readZip } from './support/read-zip';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
const people: Record<'en' | 'tr', { who: Practitioner; clientId: string }> = {} as never;

function api(who: Practitioner) {
  return (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

/** A practitioner in `lang` with one client, who answered by a guardian's link. */
async function setUp(lang: 'en' | 'tr') {
  const who = await createPractitioner(app, lang);
  expect((await api(who)('PUT', '/auth/language', { language: lang })).statusCode).toBeLessThan(300);
  const clientId = await newClientRecord(app, who, {
    ...validSections.demographics,
    clientFirstName: 'Defne',
    clientLastName: 'Karaca',
  });
  const made = await api(who)('POST', `/clients/${clientId}/links`, {
    questionnaireId: 'home-routines',
    respondent: 'guardian',
    language: lang,
  });
  expect(made.statusCode, made.body).toBe(201);
  const token = (made.json().url as string).split('/r/')[1]!;
  // opened, then submitted: the summary must say submitted
  expect((await app.inject({ method: 'GET', url: `/api/respond/${token}` })).statusCode).toBe(200);
  const done = await app.inject({
    method: 'POST',
    url: `/api/respond/${token}/submit`,
    payload: { answers: HOME_ROUTINES_ANSWERS },
  });
  expect(done.statusCode, done.body).toBe(200);
  people[lang] = { who, clientId };
}

beforeAll(async () => {
  testApp = await createTestApp({ purgeSchedule: false });
  app = testApp.app;
  await setUp('tr');
  await setUp('en');
}, 240_000);

afterAll(async () => {
  await testApp?.close();
});

async function summaries(lang: 'en' | 'tr') {
  const res = await api(people[lang].who)('GET', '/account/export');
  expect(res.statusCode, res.body).toBe(200);
  const files = readZip(res.rawPayload);
  const html = files.get('summary.html')!.toString('utf8');
  const csv = (name: string) => files.get(`summary/${name}.csv`)!.toString('utf8');
  return { html, csv };
}

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

describe('Download my data: the readable summary (ADR 114)', () => {
  it.each([
    ['tr', /\d+ kayıt/],
    ['en', /\d+ items?\b/],
  ] as const)('counts each part in words, never the raw key (%s)', async (lang, count) => {
    const { html } = await summaries(lang);
    expect(html).not.toContain('archive.');
    expect(html).toMatch(count);
  });

  it.each(['tr', 'en'] as const)(
    'shows times as the header says (Istanbul), formatted, never UTC ISO (%s)',
    async (lang) => {
      const { html, csv } = await summaries(lang);
      expect(html).not.toMatch(ISO_TIME);
      for (const name of ['respondent-links', 'questionnaire-responses', 'intake-records', 'audit-entries']) {
        expect(csv(name), name).not.toMatch(ISO_TIME);
      }
      const year = new Date().getFullYear();
      const month = new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
        month: 'long',
        timeZone: 'Europe/Istanbul',
      }).format(new Date());
      expect(html).toContain(`${month} ${year}`);
    },
  );

  it.each(['tr', 'en'] as const)('names clients, never by their record id (%s)', async (lang) => {
    const { html, csv } = await summaries(lang);
    expect(html).not.toContain(people[lang].clientId);
    expect(html).not.toMatch(UUID);
    expect(csv('respondent-links')).toContain('Defne Karaca');
    expect(csv('questionnaire-responses')).toContain('Defne Karaca');
  });

  it('shows a submitted link as submitted, in Turkish words, not codes', async () => {
    const { csv, html } = await summaries('tr');
    const link = csv('respondent-links').split('\r\n')[1]!;
    expect(link).toContain('Gönderildi');
    expect(link).toContain('Veli');
    expect(link).not.toContain('Açıldı');
    const response = csv('questionnaire-responses').split('\r\n')[1]!;
    expect(response).toContain('Türkçe');
    expect(response).toContain('Gönderildi');
    // who answered the response: the link's respondent, in words
    expect(response).toContain('Veli');
    for (const code of [
      'opened',
      'submitted',
      'guardian',
      'self',
      'someStrain',
      'high',
      'draft',
      'approved',
    ]) {
      expect(html, code).not.toMatch(new RegExp(`>[^<]*\\b${code}\\b`));
    }
  });

  it('shows a submitted link as submitted in English', async () => {
    const { csv } = await summaries('en');
    const link = csv('respondent-links').split('\r\n')[1]!;
    expect(link).toContain('Submitted');
    expect(link).not.toMatch(/\bopened\b/i);
    const response = csv('questionnaire-responses').split('\r\n')[1]!;
    expect(response).toContain('English');
    expect(response).toContain('Parent or guardian');
  });
});
