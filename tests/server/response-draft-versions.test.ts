import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let clientId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  alice = await createPractitioner(app);
  clientId = await newClientRecord(app, alice);
});

afterAll(async () => {
  await testApp?.close();
});

const api = (method: InjectOptions['method'], url: string, payload?: unknown, lang = 'en') =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: { ...alice.headers, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

async function give(): Promise<{ id: string; version: number }> {
  const res = await api('POST', `/clients/${clientId}/responses`, { questionnaireId: 'home-routines' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

// the in-session fill's draft model (ADR 110) keeps the text on a 409 and offers the other version's time
describe('the in-session draft of a response is saved at the version last seen (ADR 110)', () => {
  it.each([
    ['en', 'This response was changed elsewhere'],
    ['tr', 'Bu yanıt siz açtıktan sonra başka bir yerde değiştirildi'],
  ])(
    'a stale save and a stale submit answer 409 CONFLICT in %s with where the response stands, and write nothing',
    async (lang, message) => {
      const draft = await give();
      const first = await api('PUT', `/responses/${draft.id}`, {
        answers: { r1: 'aLittle' },
        version: draft.version,
      });
      expect(first.statusCode, first.body).toBe(200);
      const saved = first.json();

      const stale = await api(
        'PUT',
        `/responses/${draft.id}`,
        { answers: { r1: 'veryMuch' }, version: draft.version },
        lang,
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'CONFLICT',
        status: 'draft',
        version: saved.version,
        updatedAt: saved.updatedAt,
      });
      expect(stale.json().message).toContain(message);

      const staleSubmit = await api(
        'POST',
        `/responses/${draft.id}/submit`,
        {
          answers: {
            r1: 'aLittle',
            r2: 'aLittle',
            r3: 'aLittle',
            r5: 'aLittle',
            r6: 'aLittle',
            r7: 'aLittle',
            r9: 'no',
          },
          version: draft.version,
        },
        lang,
      );
      expect(staleSubmit.statusCode).toBe(409);
      expect(staleSubmit.json()).toMatchObject({ code: 'CONFLICT', version: saved.version });

      const now = (await api('GET', `/responses/${draft.id}`)).json();
      expect(now).toMatchObject({ status: 'draft', version: saved.version, answers: { r1: 'aLittle' } });
    },
  );

  it('a save at the version last saved goes through and moves the version on', async () => {
    const draft = await give();
    const first = await api('PUT', `/responses/${draft.id}`, {
      answers: { r1: 'aLittle' },
      version: draft.version,
    });
    const second = await api('PUT', `/responses/${draft.id}`, {
      answers: { r1: 'veryMuch' },
      version: first.json().version,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().version).toBe(first.json().version + 1);
  });
});
