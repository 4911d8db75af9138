import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/server/crypto/tokens';
import { uniqueEmail } from './support/fixtures';
import { bearer, codeOf, latestMail, logIn, outbox, signUp, tokenOf } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const verifyEmail = (token: string, lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    headers: { 'accept-language': lang },
  });
const verifyCode = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-code', payload, headers });
const resend = (email: string, url = '/api/auth/resend-verification') =>
  t.app.inject({ method: 'POST', url, payload: { email } });

async function linkToken(email: string) {
  return tokenOf((await latestMail(t.app, email, 'verification')).links[0]!);
}

describe('GET /api/auth/verify-email?token=', () => {
  it('verifies the e-mail, moves pending_verification to email_verified and answers { user }', async () => {
    const { email } = await signUp(t.app);
    const response = await verifyEmail(await linkToken(email));
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      email,
      emailVerified: true,
      accountStatus: 'email_verified',
    });
    expect((await logIn(t.app, email)).length).toBeGreaterThan(0);
  });

  it('uses link tokens of at least 128 bits, stored only as SHA-256', async () => {
    const { email } = await signUp(t.app);
    const token = await linkToken(email);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const rows = await t.app.db.selectFrom('one_time_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(sha256Hex(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it("answers 400 ALREADY_VERIFIED the second time (message contains 'already verified')", async () => {
    const { email } = await signUp(t.app);
    const token = await linkToken(email);
    expect((await verifyEmail(token)).statusCode).toBe(200);
    const again = await verifyEmail(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'ALREADY_VERIFIED',
      message: 'This email has already been verified.',
    });
  });

  it('is single use under two parallel uses: exactly one succeeds', async () => {
    const { email } = await signUp(t.app);
    const token = await linkToken(email);
    const results = await Promise.all([verifyEmail(token), verifyEmail(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it("answers 400 TOKEN_EXPIRED after 24 hours (message contains 'expired')", async () => {
    const { email } = await signUp(t.app);
    const token = await linkToken(email);
    await t.app.db
      .updateTable('one_time_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    const response = await verifyEmail(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'TOKEN_EXPIRED',
      message: 'This verification link has expired. Please request a new one.',
    });
  });

  it('issues links valid for 24 hours', async () => {
    const { email } = await signUp(t.app);
    const row = await t.app.db
      .selectFrom('one_time_tokens')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', sha256Hex(await linkToken(email)))
      .executeTakeFirstOrThrow();
    expect((row.expires_at.getTime() - row.created_at.getTime()) / 3600_000).toBeCloseTo(24, 2);
  });

  it("answers 400 INVALID_TOKEN for an unknown or missing token (message contains 'invalid')", async () => {
    for (const url of ['/api/auth/verify-email?token=nope', '/api/auth/verify-email']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'INVALID_TOKEN',
        message: 'This verification link is invalid.',
      });
    }
  });

  it('answers in Turkish for Accept-Language: tr', async () => {
    const response = await verifyEmail('nope', 'tr');
    expect(response.json()).toEqual({ code: 'INVALID_TOKEN', message: 'Bu doğrulama bağlantısı geçersiz.' });
  });

  it('does not accept a password-reset token', async () => {
    const { email } = await signUp(t.app);
    await verifyEmail(await linkToken(email));
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const reset = tokenOf((await latestMail(t.app, email, 'passwordReset')).links[0]!);
    expect((await verifyEmail(reset)).json().code).toBe('INVALID_TOKEN');
  });
});

describe('POST /api/auth/verify-code', () => {
  it('verifies the e-mail with the 6-digit code of the mail and the address', async () => {
    const { email } = await signUp(t.app);
    const code = codeOf(await latestMail(t.app, email, 'verification'));
    const response = await verifyCode({ email, code });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ emailVerified: true, accountStatus: 'email_verified' });
    // The link of the same mail has done its job too.
    const link = await verifyEmail(await linkToken(email));
    expect(link.json().code).toBe('ALREADY_VERIFIED');
  });

  it('accepts the session in place of the e-mail when verification is not required for login', async () => {
    const lenient = await createTestApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
    try {
      const { email } = await signUp(lenient.app);
      const token = await logIn(lenient.app, email);
      const code = codeOf(await latestMail(lenient.app, email, 'verification'));
      const response = await lenient.app.inject({
        method: 'POST',
        url: '/api/auth/verify-code',
        payload: { code },
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.emailVerified).toBe(true);
    } finally {
      await lenient.close();
    }
  });

  it('answers 400 INVALID_CODE with the attempts left, then TOO_MANY_ATTEMPTS after 5 wrong codes', async () => {
    const { email } = await signUp(t.app);
    const code = codeOf(await latestMail(t.app, email, 'verification'));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const response = await verifyCode({ email, code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_CODE',
        attemptsLeft: left,
        message: `The code is incorrect. ${left} attempts left.`,
      });
    }
    const fifth = await verifyCode({ email, code: wrong });
    expect(fifth.json().code).toBe('TOO_MANY_ATTEMPTS');
    // Even the right code no longer works: a new e-mail is needed.
    const right = await verifyCode({ email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('CODE_EXPIRED');
  });

  it('cannot be brute-forced in parallel past the attempt limit', async () => {
    const { email } = await signUp(t.app);
    const code = codeOf(await latestMail(t.app, email, 'verification'));
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    await Promise.all(guesses.map((guess) => verifyCode({ email, code: guess })));
    const row = await t.app.db
      .selectFrom('users')
      .select('verify_code_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.verify_code_hash).toBeNull();
    expect((await verifyCode({ email, code })).statusCode).toBe(400);
  });

  it('answers 400 CODE_EXPIRED after 24 hours', async () => {
    const { email } = await signUp(t.app);
    const code = codeOf(await latestMail(t.app, email, 'verification'));
    await t.app.db
      .updateTable('users')
      .set({ verify_code_expires_at: sql`now() - interval '1 second'` })
      .where('email', '=', email)
      .execute();
    expect((await verifyCode({ email, code })).json().code).toBe('CODE_EXPIRED');
  });

  it('answers 400 VALIDATION_FAILED for a code that is not 6 digits, and without e-mail or session', async () => {
    const bad = await verifyCode({ email: uniqueEmail(), code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { code: 'Enter the 6-digit code from the email.' },
    });
    const noEmail = await verifyCode({ code: '123456' });
    expect(noEmail.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: expect.any(String) },
    });
  });

  it('answers INVALID_CODE for an unknown address (no account enumeration) and ALREADY_VERIFIED after success', async () => {
    expect((await verifyCode({ email: uniqueEmail(), code: '123456' })).json().code).toBe('INVALID_CODE');
    const { email } = await signUp(t.app);
    const code = codeOf(await latestMail(t.app, email, 'verification'));
    await verifyCode({ email, code });
    expect((await verifyCode({ email, code })).json().code).toBe('ALREADY_VERIFIED');
  });
});

describe('POST /api/auth/resend-verification and /send-verification', () => {
  it('answers { cooldown: 60 } and sends a new link and code after the cooldown', async () => {
    const { email } = await signUp(t.app);
    await t.app.limiter.reset(`mail:verification:${t.app.limiter.subject(email)}`);
    const before = (await outbox(t.app, email)).length;
    const response = await resend(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cooldown: 60 });
    const mails = await outbox(t.app, email);
    expect(mails).toHaveLength(before + 1);
    // The new code replaces the old one.
    const newest = codeOf(mails[0]!);
    expect((await verifyCode({ email, code: newest })).statusCode).toBe(200);
  });

  it('answers 429 RATE_LIMITED with Retry-After, retryAfter and cooldown within 60 seconds of the last mail', async () => {
    const { email } = await signUp(t.app);
    const response = await resend(email);
    expect(response.statusCode).toBe(429);
    const body = response.json();
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(body.cooldown).toBe(body.retryAfter);
    expect(response.headers['retry-after']).toBe(String(body.retryAfter));
    expect(body.message).toBe(`Please wait ${body.retryAfter} seconds before requesting another email.`);
  });

  it('shares the cooldown between send-verification and resend-verification', async () => {
    const email = uniqueEmail();
    expect((await resend(email, '/api/auth/send-verification')).statusCode).toBe(200);
    expect((await resend(email, '/api/auth/resend-verification')).statusCode).toBe(429);
  });

  it('answers the same for unknown and already verified addresses, and sends nothing', async () => {
    const unknown = uniqueEmail();
    const response = await resend(unknown);
    expect(response.json()).toEqual({ cooldown: 60 });
    expect(await outbox(t.app, unknown)).toHaveLength(0);
    const { email } = await signUp(t.app);
    await verifyEmail(await linkToken(email));
    await t.app.limiter.reset(`mail:verification:${t.app.limiter.subject(email)}`);
    const count = (await outbox(t.app, email)).length;
    expect((await resend(email)).json()).toEqual({ cooldown: 60 });
    expect(await outbox(t.app, email)).toHaveLength(count);
  });

  it('answers 400 VALIDATION_FAILED without a valid e-mail', async () => {
    const response = await resend('nope');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toBe('Please enter a valid email address');
  });
});
