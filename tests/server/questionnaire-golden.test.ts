import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreAnswers } from '../../src/forms/questionnaires';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, type Practitioner } from '../fixtures/intake/server';
import { asGolden, GOLDEN_IDS, readGolden } from '../fixtures/questionnaires/golden';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let clientId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  alice = await createPractitioner(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/client-intake',
    headers: alice.headers,
    payload: { demographics: validSections.demographics, status: 'draft' },
  });
  clientId = res.json().id;
});

afterAll(async () => {
  await testApp?.close();
});

describe.each(GOLDEN_IDS)('golden answer sets of %s through POST /api/responses/:id/submit', (id) => {
  const golden = readGolden(id);

  it.each(golden.cases.map((c) => [c.name, c] as const))(
    '%s: the stored result is the golden one and equals scoreAnswers exactly',
    async (_name, goldenCase) => {
      const given = await app.inject({
        method: 'POST',
        url: `/api/clients/${clientId}/responses`,
        headers: alice.headers,
        payload: { questionnaireId: id },
      });
      expect(given.statusCode, given.body).toBe(201);
      expect(given.json()).toMatchObject({
        questionnaireVersion: golden.version,
        scoringVersion: golden.scoringVersion,
      });
      const submitted = await app.inject({
        method: 'POST',
        url: `/api/responses/${given.json().id}/submit`,
        headers: alice.headers,
        payload: { answers: goldenCase.answers },
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const stored = (
        await app.inject({ method: 'GET', url: `/api/responses/${given.json().id}`, headers: alice.headers })
      ).json().result;
      expect(asGolden(stored)).toEqual(goldenCase.expected);
      expect(stored).toEqual(scoreAnswers(app.questionnaires.get(id, golden.version), goldenCase.answers));
    },
  );
});
