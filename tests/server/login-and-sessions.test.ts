import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_LIFETIME } from '../../src/server/auth/sessions';
import { sha256Hex } from '../../src/server/crypto/tokens';
import { STRONG_PASSWORD, uniqueEmail } from './support/fixtures';
import { bearer, logIn, signUp, verifiedUser } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('POST /api/auth/login', () => {
  it('answers { user, accessToken } and sets the same token as an httpOnly cookie', async () => {
    const { email } = await verifiedUser(t.app);
    const response = await login({ email, password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      email,
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      emailVerified: true,
      accountStatus: 'email_verified',
      professionalTitle: null,
      university: null,
    });
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = response.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ value: body.accessToken, httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(cookie?.maxAge).toBeUndefined();
  });

  it('stores only the SHA-256 of the session token', async () => {
    const { email } = await verifiedUser(t.app);
    const token = await logIn(t.app, email);
    const rows = await t.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(sha256Hex(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('accepts the e-mail in any case', async () => {
    const { email } = await verifiedUser(t.app);
    expect((await login({ email: email.toUpperCase(), password: STRONG_PASSWORD })).statusCode).toBe(200);
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password and for an unknown e-mail alike', async () => {
    const { email } = await verifiedUser(t.app);
    const wrong = await login({ email, password: 'Wr0ng!Password' });
    const unknown = await login({ email: uniqueEmail(), password: STRONG_PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    }
  });

  it('answers the Turkish message for Accept-Language: tr', async () => {
    const response = await login({ email: uniqueEmail(), password: 'x' }, { 'accept-language': 'tr' });
    expect(response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'E-posta veya şifre hatalı' });
  });

  it('still runs the password hash for an unknown e-mail (no timing oracle)', async () => {
    const spy = vi.spyOn(t.app.passwords, 'verifyDummy');
    try {
      await login({ email: uniqueEmail(), password: STRONG_PASSWORD });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy).toHaveBeenCalledWith(STRONG_PASSWORD);
      expect(await spy.mock.results[0]!.value).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 403 EMAIL_NOT_VERIFIED only after the password matched', async () => {
    const { email } = await signUp(t.app);
    const wrong = await login({ email, password: 'Wr0ng!Password' });
    expect(wrong.statusCode).toBe(401);
    const right = await login({ email, password: STRONG_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email before logging in',
      email,
    });
    expect(right.cookies).toHaveLength(0);
  });

  it('answers 403 ACCOUNT_SUSPENDED only after the password matched', async () => {
    const { email } = await verifiedUser(t.app);
    await t.app.db.updateTable('users').set({ status: 'suspended' }).where('email', '=', email).execute();
    expect((await login({ email, password: 'Wr0ng!Password' })).statusCode).toBe(401);
    const response = await login({ email, password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: 'Your account has been suspended. Please contact support.',
    });
  });

  it('lets rejected and under-review accounts sign in (the client shows their notice)', async () => {
    for (const status of ['rejected', 'under_review', 'approved'] as const) {
      const { email } = await verifiedUser(t.app);
      await t.app.db.updateTable('users').set({ status }).where('email', '=', email).execute();
      const response = await login({ email, password: STRONG_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.accountStatus).toBe(status);
    }
  });

  it('answers 400 VALIDATION_FAILED without a password or with a malformed e-mail', async () => {
    const missing = await login({ email: uniqueEmail() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: 'Password is required' },
    });
    const malformed = await login({ email: 'nope', password: 'x' });
    expect(malformed.json().fields.email).toBe('Please enter a valid email address');
  });
});

describe('sessions', () => {
  it('are accepted from the Authorization header and from the cookie', async () => {
    const { email } = await verifiedUser(t.app);
    const token = await logIn(t.app, email);
    expect((await me(bearer(token))).statusCode).toBe(200);
    expect((await me({ cookie: `session=${token}` })).statusCode).toBe(200);
  });

  it(`end after ${SESSION_LIFETIME.idle / 3600} hours without use (idle timeout)`, async () => {
    const { email } = await verifiedUser(t.app);
    const token = await logIn(t.app, email);
    await t.app.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '2 hours 1 minute'` })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    const response = await me(bearer(token));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('stay alive while used within the idle timeout', async () => {
    const { email } = await verifiedUser(t.app);
    const token = await logIn(t.app, email);
    await t.app.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '1 hour 59 minutes'` })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    expect((await me(bearer(token))).statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect(Date.now() - row.last_seen_at.getTime()).toBeLessThan(60_000);
  });

  it(`end ${SESSION_LIFETIME.absolute / 3600} hours after login however active (absolute timeout)`, async () => {
    const { email } = await verifiedUser(t.app);
    const token = await logIn(t.app, email);
    const row = await t.app.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect((row.expires_at.getTime() - row.created_at.getTime()) / 1000).toBeCloseTo(
      SESSION_LIFETIME.absolute,
      -1,
    );
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it("last 30 days with 'remember me', with a persistent cookie", async () => {
    const { email } = await verifiedUser(t.app);
    const response = await login({ email, password: STRONG_PASSWORD, rememberMe: true });
    const cookie = response.cookies.find((c) => c.name === 'session');
    expect(cookie?.maxAge).toBe(SESSION_LIFETIME.rememberAbsolute);
    const row = await t.app.db
      .selectFrom('sessions')
      .select(['remember', 'idle_seconds', 'expires_at'])
      .where('token_hash', '=', sha256Hex(response.json().accessToken))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ remember: true, idle_seconds: 30 * 24 * 3600 });
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });
});

describe('GET /api/auth/me', () => {
  it('answers { user } for a live session', async () => {
    const { email, token } = await verifiedUser(t.app);
    const response = await me(bearer(token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: expect.objectContaining({ email, emailVerified: true }) });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 UNAUTHORIZED without a token, with a malformed header, and with an unknown token', async () => {
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      bearer('A'.repeat(43)),
      { cookie: 'session=nope' },
    ] as Record<string, string>[]) {
      const response = await me(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'UNAUTHORIZED',
        message: 'Your session has ended. Please sign in again.',
      });
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session and clears the cookie: the token no longer works', async () => {
    const { token } = await verifiedUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
      payload: {},
    });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === 'session');
    expect(cleared?.value).toBe('');
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('answers 204 without a session too (best effort)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(response.statusCode).toBe(204);
  });

  it('ends only this session, not the others of the account', async () => {
    const { email, token } = await verifiedUser(t.app);
    const other = await logIn(t.app, email);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token), payload: {} });
    expect((await me(bearer(other))).statusCode).toBe(200);
  });
});
