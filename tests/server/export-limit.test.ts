import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSections } from '../fixtures/intake/sections';
import { approvedUser, bearer } from './support/flows';
import { createTestApp, RELAXED_LIMITS, type TestApp } from './support/test-app';

const MAX = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    limits: { ...RELAXED_LIMITS, clientExportsPerPractitioner: { max: MAX, windowSeconds: 60 * 60 } },
  });
});
afterAll(async () => {
  await t?.close();
});

async function practitionerWithClient() {
  const { token } = await approvedUser(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/client-intake',
    headers: bearer(token),
    payload: { demographics: validSections.demographics, status: 'draft' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { token, clientId: created.json().id as string };
}

describe('downloads of client data are limited per practitioner, all exports counted together', () => {
  it('answers 429 with Retry-After once the limit is reached, whichever export comes next', async () => {
    const { token, clientId } = await practitionerWithClient();
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const urls = [
      `/api/clients/${clientId}/scores.csv`,
      `/api/client-intake/${clientId}/export`,
      `/api/clients/${clientId}/fhir.json`,
      `/api/clients/${clientId}/answers.csv?questionnaire=home-routines`,
      '/api/reports/change.csv?questionnaire=home-routines&scale=sleep',
    ];
    for (const url of urls.slice(0, MAX)) expect((await get(url)).statusCode, url).toBe(200);
    for (const url of urls) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it("counts each practitioner apart: another's downloads are not refused", async () => {
    const first = await practitionerWithClient();
    for (let i = 0; i < MAX + 1; i++)
      await t.app.inject({
        method: 'GET',
        url: `/api/clients/${first.clientId}/scores.csv`,
        headers: bearer(first.token),
      });
    const other = await practitionerWithClient();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/clients/${other.clientId}/scores.csv`,
      headers: bearer(other.token),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
