import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner } from '../fixtures/intake/server';
import { HOME_ROUTINES_ANSWERS } from '../fixtures/questionnaires/home-routines-answers';
import { bearer, verifiedUser } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, ...extra } });

describe('POST /api/auth/login with the language chosen on the sign-in page', () => {
  it('makes it the account language: the answer, GET /auth/me and the next plain login say it', async () => {
    const { email, password } = await verifiedUser(app);
    const first = await login(email, password, { language: 'tr' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.language).toBe('tr');
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(first.json().accessToken),
    });
    expect(me.json().user.language).toBe('tr');
    const again = await login(email, password);
    expect(again.json().user.language).toBe('tr');
    // and back, when English is chosen on the sign-in page next time
    expect((await login(email, password, { language: 'en' })).json().user.language).toBe('en');
  });

  it('without a choice, or with a language the product does not speak, keeps the account language', async () => {
    const { email, password } = await verifiedUser(app);
    await login(email, password, { language: 'tr' });
    for (const language of [undefined, 'de', 42, ''] as const) {
      const res = await login(email, password, language === undefined ? {} : { language });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.language).toBe('tr');
    }
  });

  it('changes nothing when the password is wrong', async () => {
    const { email, password } = await verifiedUser(app);
    expect((await login(email, `${password}x`, { language: 'tr' })).statusCode).toBe(401);
    expect((await login(email, password)).json().user.language).toBe('en');
  });
});

describe("the user answer's createdAt ('member since')", () => {
  it('is the ISO time the account was made, in GET /auth/me and the login answer', async () => {
    const before = Date.now();
    const { email, password, token } = await verifiedUser(app);
    const me = (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json();
    const made = Date.parse(me.user.createdAt);
    expect(me.user.createdAt).toBe(new Date(made).toISOString());
    expect(made).toBeGreaterThan(before - 60_000);
    expect(made).toBeLessThanOrEqual(Date.now());
    expect((await login(email, password)).json().user.createdAt).toBe(me.user.createdAt);
  });
});

describe('GET /api/account/deletion (the date on /account-deleted after a reload)', () => {
  it('answers the date of the account this browser deleted, by the cookie of the delete; 404 without it', async () => {
    const { password, token } = await verifiedUser(app);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(token),
      payload: { password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const cookie = deleted.cookies.find((c) => c.name === 'deletion_notice');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/account' });
    expect(cookie?.maxAge).toBeGreaterThan(0);

    const reload = await app.inject({
      method: 'GET',
      url: '/api/account/deletion',
      cookies: { deletion_notice: cookie!.value },
    });
    expect(reload.statusCode, reload.body).toBe(200);
    expect(reload.json()).toEqual({ deletionDueAt: deleted.json().deletionDueAt });
    expect((await app.inject({ method: 'GET', url: '/api/account/deletion' })).statusCode).toBe(404);
  });

  it('answers 404 for a cookie that was tampered with (another account cannot be asked about)', async () => {
    const { password, token } = await verifiedUser(app);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(token),
      payload: { password },
    });
    const value = deleted.cookies.find((c) => c.name === 'deletion_notice')!.value;
    const [id, mac] = value.split('.') as [string, string];
    for (const forged of [`${id}.${mac.replace(/.$/, mac.endsWith('0') ? '1' : '0')}`, id, `x${value}`]) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/account/deletion',
        cookies: { deletion_notice: forged },
      });
      expect(res.statusCode, forged).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('answers 404 once the deletion was cancelled by the mailed link', async () => {
    const { email, password, token } = await verifiedUser(app);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(token),
      payload: { password },
    });
    const value = deleted.cookies.find((c) => c.name === 'deletion_notice')!.value;
    await app.db
      .updateTable('users')
      .set({ deletion_requested_at: null, deletion_due_at: null, deletion_cancel_hash: null })
      .where('email', '=', email)
      .execute();
    const res = await app.inject({
      method: 'GET',
      url: '/api/account/deletion',
      cookies: { deletion_notice: value },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/client-intake/:id/deletion-impact', () => {
  it('counts what goes with the record: questionnaire responses, those with results, respondent links', async () => {
    const alice = await createPractitioner(app);
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, status = 200) => {
      const res = await app.inject({
        method,
        url,
        headers: alice.headers,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      return res.json();
    };
    const client = (await call('POST', '/api/client-intake', { ...validSections, status: 'draft' }, 201)).id;
    expect(await call('GET', `/api/client-intake/${client}/deletion-impact`)).toEqual({
      responses: 0,
      results: 0,
      links: 0,
    });

    const given = { questionnaireId: 'home-routines' };
    await call('POST', `/api/clients/${client}/responses`, given, 201);
    const submitted = (await call('POST', `/api/clients/${client}/responses`, given, 201)).id;
    await call('POST', `/api/responses/${submitted}/submit`, { answers: HOME_ROUTINES_ANSWERS });
    const link = { questionnaireId: 'home-routines', respondent: 'guardian', language: 'tr' };
    await call('POST', `/api/clients/${client}/links`, link, 201);
    // the link's own response is a third response, a draft until the guardian submits it
    expect(await call('GET', `/api/client-intake/${client}/deletion-impact`)).toEqual({
      responses: 3,
      results: 1,
      links: 1,
    });

    // another practitioner's record is not theirs to count
    const bob = await createPractitioner(app);
    const other = await app.inject({
      method: 'GET',
      url: `/api/client-intake/${client}/deletion-impact`,
      headers: bob.headers,
    });
    expect(other.statusCode).toBe(404);
  });
});
