import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreAnswers, visibleItems } from '../../src/forms/questionnaires';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
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
  clientId = await newClientRecord(app, alice);
});

afterAll(async () => {
  await testApp?.close();
});

/** The shown required items a golden set leaves unanswered: the submit refuses those sets (ADR 107). */
function unansweredRequired(id: string, version: number, answers: Record<string, unknown>): string[] {
  const def = app.questionnaires.get(id, version);
  const required = new Set((def.schema.required as string[] | undefined) ?? []);
  return visibleItems(def, answers).filter((item) => required.has(item) && answers[item] === undefined);
}

describe.each(GOLDEN_IDS)('golden answer sets of %s through POST /api/responses/:id/submit', (id) => {
  const golden = readGolden(id);

  it.each(golden.cases.map((c) => [c.name, c] as const))(
    '%s: the stored result is the golden one and equals scoreAnswers exactly, or the set is refused with its unanswered items',
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
      const read = async () =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/responses/${given.json().id}`,
            headers: alice.headers,
          })
        ).json();
      const unanswered = unansweredRequired(id, golden.version, goldenCase.answers);
      if (unanswered.length > 0) {
        expect(submitted.statusCode, submitted.body).toBe(422);
        expect(submitted.json().code).toBe('RESPONSE_INCOMPLETE');
        expect(Object.keys(submitted.json().fields).sort()).toEqual([...unanswered].sort());
        expect(await read()).toMatchObject({ status: 'draft', result: null });
        return;
      }
      expect(submitted.statusCode, submitted.body).toBe(200);
      const stored = (await read()).result;
      expect(asGolden(stored)).toEqual(goldenCase.expected);
      // scored for the questionnaire's only respondent and the client of the intake: 11, female (ADR 125)
      const def = app.questionnaires.get(id, golden.version);
      const context = { respondent: def.meta.respondents[0]!, age: 11, sex: 'female' as const };
      expect(stored).toEqual(scoreAnswers(def, goldenCase.answers, context));
    },
  );

  it('holds sets a submit scores and, with required items unanswered, sets it refuses', () => {
    const refused = golden.cases.filter((c) => unansweredRequired(id, golden.version, c.answers).length > 0);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(golden.cases.length);
  });
});
