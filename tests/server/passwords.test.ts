import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashThreads } from '../../src/server/auth/hash-threads';
import { createPasswords, hashConcurrency, PRODUCTION_HASH_COST } from '../../src/server/auth/passwords';
import { sha256Hex } from '../../src/server/crypto/tokens';
import { STRONG_PASSWORD, uniqueEmail } from './support/fixtures';
import { bearer, latestMail, logIn, outbox, tokenOf, verifiedUser } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = 'N3w!Password';
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

async function resetToken(email: string) {
  expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
  return tokenOf((await latestMail(t.app, email, 'passwordReset')).links[0]!);
}

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 in production', async () => {
    expect(PRODUCTION_HASH_COST).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const passwords = await createPasswords();
    const stored = await passwords.hash(STRONG_PASSWORD);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwords.verify(stored, STRONG_PASSWORD)).toBe(true);
    expect(await passwords.verify(stored, 'wrong')).toBe(false);
    await passwords.close();
  });

  it('verifies hashes made with other parameters (a cost raised later still accepts old hashes)', async () => {
    const passwords = await createPasswords({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const old = await hash(STRONG_PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 3, parallelism: 1 });
    expect(await passwords.verify(old, STRONG_PASSWORD)).toBe(true);
    expect(await passwords.verify('not a hash', STRONG_PASSWORD)).toBe(false);
    // the thread that refused the malformed hash goes on
    expect(await passwords.verify(old, STRONG_PASSWORD)).toBe(true);
    await passwords.close();
  });
});

describe('hashes at once', () => {
  it('are no more than the cores and at most four, and at least one', () => {
    expect(hashConcurrency(2)).toBe(2);
    expect(hashConcurrency(1)).toBe(1);
    expect(hashConcurrency(0)).toBe(1);
    expect(hashConcurrency(4)).toBe(4);
    expect(hashConcurrency(64)).toBe(4);
  });

  // a stand-in program: busy for args[1] ms, then answers its thread and its job
  const BUSY_PROGRAM = `
    const { parentPort, threadId } = require('node:worker_threads');
    parentPort.on('message', ({ id, args }) => {
      if (args[0] === 'stop') process.exit(1);
      if (args[0] === 'throw') throw new Error('broken');
      const end = Date.now() + Number(args[1]);
      while (Date.now() < end) {}
      parentPort.postMessage({ id, value: threadId + ':' + args[0] });
    });`;

  it('run on as many threads as asked, each job on the least busy one, each answer to its own job', async () => {
    const threads = createHashThreads(2, BUSY_PROGRAM);
    const answers = (await Promise.all(
      Array.from({ length: 6 }, (_, i) => threads.run({ op: 'verify', args: [String(i), '20'] })),
    )) as string[];
    expect(answers.map((answer) => answer.split(':')[1])).toEqual(['0', '1', '2', '3', '4', '5']);
    const byThread = new Map<string, number>();
    for (const answer of answers) {
      const thread = answer.split(':')[0]!;
      byThread.set(thread, (byThread.get(thread) ?? 0) + 1);
    }
    expect([...byThread.values()]).toEqual([3, 3]);
    await threads.close();
  });

  it('a thread that stops refuses its jobs and is replaced for the next; once closed, jobs are refused', async () => {
    const threads = createHashThreads(1, BUSY_PROGRAM);
    await expect(threads.run({ op: 'verify', args: ['stop', '0'] })).rejects.toThrow('a hash thread stopped');
    expect(await threads.run({ op: 'verify', args: ['next', '0'] })).toMatch(/:next$/);
    await expect(threads.run({ op: 'verify', args: ['throw', '0'] })).rejects.toThrow(
      'a hash thread stopped: broken',
    );
    expect(await threads.run({ op: 'verify', args: ['again', '0'] })).toMatch(/:again$/);
    await threads.close();
    await expect(threads.run({ op: 'verify', args: ['late', '0'] })).rejects.toThrow('closed');
  });

  it('a program that cannot start fails each job', async () => {
    const threads = createHashThreads(1, "throw new Error('cannot start')");
    await expect(threads.run({ op: 'hash', args: ['a', {}] })).rejects.toThrow('cannot start');
    await expect(threads.run({ op: 'hash', args: ['b', {}] })).rejects.toThrow('cannot start');
    await threads.close();
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('answers { ok: true } and mails a /reset-password?token= link valid 24 hours', async () => {
    const { email } = await verifiedUser(t.app);
    const response = await post('/api/auth/forgot-password', { email: email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const mail = await latestMail(t.app, email, 'passwordReset');
    expect(mail.subject).toBe('Reset your Psychologist Platform password');
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:5173\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    const row = await t.app.db
      .selectFrom('one_time_tokens')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', sha256Hex(tokenOf(mail.links[0]!)))
      .executeTakeFirstOrThrow();
    expect((row.expires_at.getTime() - row.created_at.getTime()) / 3600_000).toBeCloseTo(24, 2);
  });

  it('answers the same for an unknown address and sends nothing (no account enumeration)', async () => {
    const email = uniqueEmail();
    const response = await post('/api/auth/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await outbox(t.app, email)).toHaveLength(0);
  });

  it('answers 400 VALIDATION_FAILED for a malformed e-mail', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session and mails "password changed"', async () => {
    const { email, token: session } = await verifiedUser(t.app);
    const token = await resetToken(email);
    const response = await post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await me(session)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: STRONG_PASSWORD })).statusCode).toBe(401);
    expect((await logIn(t.app, email, NEW_PASSWORD)).length).toBeGreaterThan(0);
    expect((await latestMail(t.app, email)).kind).toBe('passwordChanged');
  });

  it('accepts the spec payload without confirmPassword', async () => {
    const { email } = await verifiedUser(t.app);
    const response = await post('/api/auth/reset-password', {
      token: await resetToken(email),
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });

  it('is single use under two parallel uses: exactly one succeeds', async () => {
    const { email } = await verifiedUser(t.app);
    const token = await resetToken(email);
    const results = await Promise.all([
      post('/api/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      post('/api/auth/reset-password', { token, password: 'Other!Pass9', confirmPassword: 'Other!Pass9' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const failed = results.find((r) => r.statusCode === 400)!;
    expect(failed.json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('answers 400 INVALID_RESET_TOKEN for a used, expired or unknown token', async () => {
    const { email } = await verifiedUser(t.app);
    const used = await resetToken(email);
    await post('/api/auth/reset-password', { token: used, password: NEW_PASSWORD });
    const expired = await resetToken(email);
    await t.app.db
      .updateTable('one_time_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('token_hash', '=', sha256Hex(expired))
      .execute();
    for (const token of [used, expired, 'unknown-token']) {
      const response = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'INVALID_RESET_TOKEN',
        message: 'Invalid or expired reset token. Please request a new password reset.',
      });
    }
  });

  it('answers 400 VALIDATION_FAILED for a weak password or a mismatch, without spending the token', async () => {
    const { email } = await verifiedUser(t.app);
    const token = await resetToken(email);
    const weak = await post('/api/auth/reset-password', {
      token,
      password: 'weakpass',
      confirmPassword: 'weakpass',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBe('Password must contain at least one uppercase letter');
    const mismatch = await post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: 'x',
    });
    expect(mismatch.json().fields.confirmPassword).toBe('Passwords do not match');
    const missing = await post('/api/auth/reset-password', { password: NEW_PASSWORD });
    expect(missing.json().fields.token).toBeTruthy();
    expect((await post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password, ends every session and answers a fresh accessToken', async () => {
    const { email, token } = await verifiedUser(t.app);
    const other = await logIn(t.app, email);
    const response = await post(
      '/api/auth/change-password',
      { oldPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      bearer(token),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({ ok: true, accessToken: expect.any(String), expiresAt: expect.any(String) });
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(body.accessToken)).statusCode).toBe(200);
    expect((await logIn(t.app, email, NEW_PASSWORD)).length).toBeGreaterThan(0);
    expect((await latestMail(t.app, email)).kind).toBe('passwordChanged');
  });

  it('answers 400 VALIDATION_FAILED on oldPassword when the current password is wrong', async () => {
    const { token } = await verifiedUser(t.app);
    const response = await post(
      '/api/auth/change-password',
      { oldPassword: 'Wr0ng!Password', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      bearer(token),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please correct the highlighted fields.',
      fields: { oldPassword: 'Current password is incorrect' },
    });
    expect((await me(token)).statusCode).toBe(200);
  });

  it('answers 400 when the new password equals the current one', async () => {
    const { token } = await verifiedUser(t.app);
    const response = await post(
      '/api/auth/change-password',
      { oldPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD, confirmNewPassword: STRONG_PASSWORD },
      bearer(token),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.newPassword).toBe('New password must be different from current password');
  });

  it('answers 400 VALIDATION_FAILED for a weak new password and 401 without a session', async () => {
    const { token } = await verifiedUser(t.app);
    const weak = await post(
      '/api/auth/change-password',
      { oldPassword: STRONG_PASSWORD, newPassword: 'short', confirmNewPassword: 'short' },
      bearer(token),
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.newPassword).toBe('Password must be at least 8 characters');
    const anonymous = await post('/api/auth/change-password', {
      oldPassword: 'a',
      newPassword: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
  });
});
