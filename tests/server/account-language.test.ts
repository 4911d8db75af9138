import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, latestMail, verifiedUser } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('PUT /api/auth/language', () => {
  it('keeps the chosen language on the account: GET /auth/me and the next login answer it', async () => {
    const { email, password, token } = await verifiedUser(t.app);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(token),
      payload: { language: 'tr' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().user.language).toBe('tr');

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().user.language).toBe('tr');
    // another browser: a fresh login, whatever that browser's language
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'en' },
      payload: { email, password },
    });
    expect(login.json().user.language).toBe('tr');
  });

  it('writes the next mails in the chosen language', async () => {
    const { email, token } = await verifiedUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(token),
      payload: { language: 'tr' },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect((await latestMail(t.app, email, 'passwordReset')).subject).toContain('şifrenizi sıfırlayın');
  });

  it.each([[{ language: 'de' }], [{ language: 7 }], [{ language: 'TR ' }], [{}]])(
    'refuses %j with 400 VALIDATION_FAILED',
    async (payload) => {
      const { token } = await verifiedUser(t.app);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/language',
        headers: bearer(token),
        payload: payload as object,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    },
  );

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      payload: { language: 'tr' },
    });
    expect(response.statusCode).toBe(401);
  });
});
