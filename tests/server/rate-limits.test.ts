import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as rateLimitSubjects from '../../src/server/db/migrations/020-rate-limit-subjects';
import { DEFAULT_LIMITS } from '../../src/server/security/limiter';
import { step1Body, uniqueEmail } from './support/fixtures';
import { latestMail, signUp, tokenOf, uploadFile, verifiedUser, verifyByLink } from './support/flows';
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

/** A sign-in attempt from a given client address. */
const attempt = (email: string, password: string, remoteAddress: string, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    headers: { 'accept-language': lang },
  });

describe('POST /api/auth/login limits: failures count, successes do not (ADR 052)', () => {
  it('lets the owner sign in fifty times in a row from one address', async () => {
    const { email, password } = await signUp(t.app);
    await verifyByLink(t.app, email);
    const remoteAddress = newAddress();
    const codes: number[] = [];
    for (let i = 0; i < 50; i++) codes.push((await attempt(email, password, remoteAddress)).statusCode);
    expect(codes.filter((code) => code !== 200)).toEqual([]);
  });

  it(`refuses an account+address pair after ${DEFAULT_LIMITS.loginFailuresPerAccountAndAddress.max} failures; a sign-in from there clears them`, async () => {
    const { email, password } = await signUp(t.app);
    await verifyByLink(t.app, email);
    const remoteAddress = newAddress();
    const max = DEFAULT_LIMITS.loginFailuresPerAccountAndAddress.max;
    for (let i = 0; i < max - 1; i++) {
      expect((await attempt(email, 'Wr0ng!Password', remoteAddress)).statusCode).toBe(401);
    }
    expect((await attempt(email, password, remoteAddress)).statusCode).toBe(200);
    for (let i = 0; i < max; i++) {
      expect((await attempt(email, 'Wr0ng!Password', remoteAddress)).statusCode).toBe(401);
    }
    expectRateLimited(await attempt(email, password, remoteAddress));
    // the same account from another address is not held back by this pair
    expect((await attempt(email, password, newAddress())).statusCode).toBe(200);
  });

  it('keeps the owner signing in from their usual address while an attacker elsewhere guesses past every limit', async () => {
    const { email, password } = await signUp(t.app);
    await verifyByLink(t.app, email);
    const home = newAddress();
    expect((await attempt(email, password, home)).statusCode).toBe(200);
    const attackerCodes: number[] = [];
    for (let a = 0; a < 8; a++) {
      const attacker = newAddress();
      for (let i = 0; i < DEFAULT_LIMITS.loginFailuresPerAccountAndAddress.max; i++) {
        attackerCodes.push((await attempt(email, `Wr0ng!Guess${a}-${i}`, attacker)).statusCode);
      }
    }
    // the attacker is stopped by the per-account ceiling...
    expect(attackerCodes.filter((code) => code === 401)).toHaveLength(
      DEFAULT_LIMITS.loginFailuresPerAccount.max,
    );
    expect(attackerCodes.slice(DEFAULT_LIMITS.loginFailuresPerAccount.max).every((c) => c === 429)).toBe(
      true,
    );
    // ...which never applies to the address the owner signed in from before
    for (let i = 0; i < 3; i++) expect((await attempt(email, password, home)).statusCode).toBe(200);
    // from a new address the owner waits, or proves the mailbox with a password reset from there
    const café = newAddress();
    expectRateLimited(await attempt(email, password, café));
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: café,
    });
    const reset = await latestMail(t.app, email, 'passwordReset');
    const newPassword = 'N3w!Password';
    const resetResponse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenOf(reset.links[0]!), password: newPassword },
      remoteAddress: café,
    });
    expect(resetResponse.statusCode, resetResponse.body).toBe(200);
    expect((await attempt(email, newPassword, café)).statusCode).toBe(200);
  });

  it(`stops a credential-stuffing run after ${DEFAULT_LIMITS.loginFailuresPerAddress.max} failures from one address, whatever the accounts`, async () => {
    const remoteAddress = newAddress();
    for (let i = 0; i < DEFAULT_LIMITS.loginFailuresPerAddress.max; i++) {
      expect((await attempt(uniqueEmail(), 'Stuff3d!Pass', remoteAddress)).statusCode).toBe(401);
    }
    const body = expectRateLimited(await attempt(uniqueEmail(), 'Stuff3d!Pass', remoteAddress, 'tr'));
    expect(body.message).toBe(
      `Çok fazla giriş denemesi yapıldı. Lütfen ${body.retryAfter} saniye sonra tekrar deneyin.`,
    );
  });

  it('counts a malformed sign-in as a failure of the address', async () => {
    const remoteAddress = newAddress();
    for (let i = 0; i < DEFAULT_LIMITS.loginFailuresPerAddress.max; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'not-an-email' },
        remoteAddress,
      });
      expect(response.statusCode).toBe(400);
    }
    expectRateLimited(await attempt(uniqueEmail(), 'Stuff3d!Pass', remoteAddress));
  });

  it('answers 429 with the spec message in both languages once the limit is passed', async () => {
    const remoteAddress = newAddress();
    const email = uniqueEmail();
    const max = DEFAULT_LIMITS.loginFailuresPerAccountAndAddress.max;
    for (let i = 0; i < max; i++) {
      expect((await attempt(email, 'Wr0ng!Password', remoteAddress)).statusCode).toBe(401);
    }
    const en = expectRateLimited(await attempt(email, 'Wr0ng!Password', remoteAddress));
    expect(en.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(en.message).toBe(`Too many login attempts. Please try again in ${en.retryAfter} seconds.`);
    const tr = expectRateLimited(await attempt(email, 'Wr0ng!Password', remoteAddress, 'tr'));
    expect(tr.message).toBe(
      `Çok fazla giriş denemesi yapıldı. Lütfen ${tr.retryAfter} saniye sonra tekrar deneyin.`,
    );
  });
});

describe('rate limits', () => {
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

  it(`uploads: ${DEFAULT_LIMITS.uploadsPerAccount.max} per account per hour; a colleague at the same address is not refused`, async () => {
    const alice = await verifiedUser(t.app);
    for (let i = 0; i < DEFAULT_LIMITS.uploadsPerAccount.max; i++) {
      expect((await uploadFile(t.app, alice.token, 'diploma')).statusCode).toBe(201);
    }
    expectRateLimited(await uploadFile(t.app, alice.token, 'diploma'));
    const bob = await verifiedUser(t.app);
    expect((await uploadFile(t.app, bob.token, 'diploma')).statusCode).toBe(201);
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
      .where('key', '=', `forgot:email:${t.app.limiter.subject(email)}`)
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(1);
    expect(row.reset_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('keeps the counters of a person under a keyed hash of the e-mail address, never the address', async () => {
    const email = uniqueEmail();
    const address = newAddress();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: address,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
      remoteAddress: address,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Wr0ng!Pass', rememberMe: false },
      remoteAddress: address,
    });
    const subject = t.app.limiter.subject(email);
    expect(subject).toMatch(/^[0-9a-f]{64}$/);
    const keys = (await t.app.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys.filter((key) => key.endsWith(`:${subject}`)).sort()).toEqual(
      [
        `forgot:email:${subject}`,
        `mail:verification:${subject}`,
        `login-fail:pair:${address}:${subject}`,
        `login-fail:account:${subject}`,
      ].sort(),
    );
    expect(keys.filter((key) => key.includes(email))).toEqual([]);
  });

  it('drops, on upgrade (migration 020), the counters a deployment kept under a plain address', async () => {
    const email = uniqueEmail();
    const plain = [
      `forgot:email:${email}`,
      `login-fail:pair:10.9.9.9:${email}`,
      `login-trusted:10.9.9.9:${email}`,
    ];
    const kept = ['ip:signupPerIp:10.9.9.9', `forgot:email:${t.app.limiter.subject(email)}`];
    for (const key of [...plain, ...kept]) await t.app.limiter.hit(key, 3600);
    await rateLimitSubjects.up(t.app.db as never);
    const left = await t.app.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'in', [...plain, ...kept])
      .execute();
    expect(left.map((row) => row.key).sort()).toEqual([...kept].sort());
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
