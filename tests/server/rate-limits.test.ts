import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/security/limiter';
import { step1Body, uniqueEmail } from './support/fixtures';
import { createTestApp, type TestApp } from './support/test-app';

// This file runs with the production limits.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: DEFAULT_LIMITS });
});
afterAll(async () => {
  await t?.close();
});

let address = 0;
/** Each test speaks from its own client address, so the per-address counters start at zero. */
const newAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

function expectRateLimited(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): { code: string; retryAfter: number; message: string; cooldown?: number };
}) {
  expect(response.statusCode).toBe(429);
  const body = response.json();
  expect(body.code).toBe('RATE_LIMITED');
  expect(Number.isInteger(body.retryAfter) && body.retryAfter > 0).toBe(true);
  expect(response.headers['retry-after']).toBe(String(body.retryAfter));
  return body;
}

describe('rate limits', () => {
  it(`login: ${DEFAULT_LIMITS.loginPerEmail.max} attempts per e-mail per 15 minutes, then 429 with the spec message`, async () => {
    const email = uniqueEmail();
    for (let i = 0; i < DEFAULT_LIMITS.loginPerEmail.max; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Wr0ng!Password' },
        remoteAddress: newAddress(),
      });
      expect(response.statusCode).toBe(401);
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Wr0ng!Password' },
      remoteAddress: newAddress(),
    });
    const body = expectRateLimited(response);
    expect(body.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(body.message).toBe(`Too many login attempts. Please try again in ${body.retryAfter} seconds.`);
  });

  it(`login: ${DEFAULT_LIMITS.loginPerIp.max} attempts per address per 15 minutes`, async () => {
    const remoteAddress = newAddress();
    for (let i = 0; i < DEFAULT_LIMITS.loginPerIp.max; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: 'x' },
        remoteAddress,
      });
      expect(response.statusCode).toBe(401);
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: 'x' },
      remoteAddress,
      headers: { 'accept-language': 'tr' },
    });
    const body = expectRateLimited(response);
    expect(body.message).toBe(
      `Çok fazla giriş denemesi yapıldı. Lütfen ${body.retryAfter} saniye sonra tekrar deneyin.`,
    );
  });

  it(`sign-up: ${DEFAULT_LIMITS.signupPerIp.max} per address per hour`, async () => {
    const remoteAddress = newAddress();
    for (let i = 0; i < DEFAULT_LIMITS.signupPerIp.max; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup/step1',
        payload: step1Body({ acceptTerms: false }),
        remoteAddress,
      });
      expect(response.statusCode).toBe(400);
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/step1',
      payload: step1Body(),
      remoteAddress,
    });
    const body = expectRateLimited(response);
    expect(body.message).toBe(`Too many requests. Please try again in ${body.retryAfter} seconds.`);
  });

  it(`forgot-password: ${DEFAULT_LIMITS.forgotPasswordPerEmail.max} per e-mail per hour and ${DEFAULT_LIMITS.forgotPasswordPerIp.max} per address`, async () => {
    const email = uniqueEmail();
    for (let i = 0; i < DEFAULT_LIMITS.forgotPasswordPerEmail.max; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: newAddress(),
      });
      expect(response.statusCode).toBe(200);
    }
    expectRateLimited(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: newAddress(),
      }),
    );
    const remoteAddress = newAddress();
    for (let i = 0; i < DEFAULT_LIMITS.forgotPasswordPerIp.max; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: uniqueEmail() },
        remoteAddress,
      });
    }
    expectRateLimited(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: uniqueEmail() },
        remoteAddress,
      }),
    );
  });

  it(`check-email: ${DEFAULT_LIMITS.checkEmailPerIp.max} per address per minute`, async () => {
    const remoteAddress = newAddress();
    for (let i = 0; i < DEFAULT_LIMITS.checkEmailPerIp.max; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/check-email',
        query: { email: uniqueEmail() },
        remoteAddress,
      });
      expect(response.statusCode).toBe(200);
    }
    const body = expectRateLimited(
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/check-email',
        query: { email: uniqueEmail() },
        remoteAddress,
      }),
    );
    expect(body.retryAfter).toBeLessThanOrEqual(60);
  });

  it('resend: one e-mail per address per 60 seconds, across client addresses', async () => {
    const email = uniqueEmail();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
      remoteAddress: newAddress(),
    });
    expect(first.json()).toEqual({ cooldown: 60 });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
      remoteAddress: newAddress(),
    });
    const body = expectRateLimited(second);
    expect(body.cooldown).toBe(body.retryAfter);
  });

  it('keeps counters in the database (shared by every server instance)', async () => {
    const email = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: newAddress(),
    });
    const row = await t.app.db
      .selectFrom('rate_limits')
      .select(['count', 'reset_at'])
      .where('key', '=', `forgot:email:${email}`)
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(1);
    expect(row.reset_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('starts a new window once the old one has ended', async () => {
    const key = `test:${uniqueEmail()}`;
    expect((await t.app.limiter.hit(key, 60)).count).toBe(1);
    expect((await t.app.limiter.hit(key, 60)).count).toBe(2);
    await t.app.db
      .updateTable('rate_limits')
      .set({ reset_at: new Date(Date.now() - 1000) })
      .where('key', '=', key)
      .execute();
    const hit = await t.app.limiter.hit(key, 60);
    expect(hit.count).toBe(1);
    expect(hit.resetIn).toBeGreaterThan(58);
  });
});
