import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSections } from '../fixtures/intake/sections';
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
  await app.db
    .updateTable('users')
    .set({ first_name: 'Ayşe', last_name: 'Yılmaz', professional_title: 'Uzman Klinik Psikolog' })
    .where('email', '=', alice.email)
    .execute();
  clientId = await newClientRecord(app, alice, validSections.demographics);
}, 240_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the respondent page names who asks, with the practitioner’s own title in the link’s language', () => {
  it.each([
    ['en', 'Clinical Psychologist'],
    ['tr', 'Uzman Klinik Psikolog'],
  ] as const)('%s: %s', async (language, title) => {
    const made = await app.inject({
      method: 'POST',
      url: `/api/clients/${clientId}/links`,
      headers: alice.headers,
      payload: { questionnaireId: 'home-routines', respondent: 'guardian', language },
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = (made.json().url as string).split('/r/')[1]!;
    const read = await app.inject({ method: 'GET', url: `/api/respond/${token}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().practitioner).toEqual({ name: 'Ayşe Yılmaz', title });
  });
});
