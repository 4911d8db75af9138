import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_LIFETIME } from '../../src/server/auth/sessions';
import { uniqueEmail } from './support/fixtures';
import { logIn, signUp, verifyByLink } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

/*
 * The hourly maintenance (src/server/app.ts) removes rate-limit windows that have ended and sessions that no
 * longer open anything. The clock is moved (only Date: the database keeps running) instead of waited on.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Moves this process's clock to `ms` from now; the server's JavaScript reads it, the database does not. */
function clockIn(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

const counters = async (keys: string[]) =>
  (await t.app.db.selectFrom('rate_limits').select('key').where('key', 'in', keys).execute())
    .map((row) => row.key)
    .sort();

describe('limiter.purgeExpired', () => {
  it('removes the windows that have ended and keeps those still counting', async () => {
    const short = `test:short:${uniqueEmail()}`;
    const long = `test:long:${uniqueEmail()}`;
    await t.app.limiter.hit(short, 60);
    await t.app.limiter.hit(long, 3600);

    await t.app.limiter.purgeExpired();
    expect(await counters([short, long])).toEqual([long, short].sort());

    clockIn(61_000);
    await t.app.limiter.purgeExpired();
    expect(await counters([short, long])).toEqual([long]);

    clockIn(3_601_000);
    await t.app.limiter.purgeExpired();
    expect(await counters([short, long])).toEqual([]);
  });
});

describe('sessions.purgeExpired', () => {
  async function sessionsOf(email: string) {
    return t.app.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.remember'])
      .where('users.email', '=', email)
      .execute();
  }

  async function account() {
    const { email, password } = await signUp(t.app);
    await verifyByLink(t.app, email);
    return { email, password };
  }

  it('removes a session idle past its idle time, and one past its absolute end, keeping a live one', async () => {
    const { email, password } = await account();
    await logIn(t.app, email, password, false);
    await logIn(t.app, email, password, true);
    expect((await sessionsOf(email)).length).toBe(2);

    await t.app.sessions.purgeExpired();
    expect((await sessionsOf(email)).length).toBe(2);

    // idle for longer than a plain session may be: it opens nothing any more and goes; "remember me" stays
    clockIn((SESSION_LIFETIME.idle + 60) * 1000);
    await t.app.sessions.purgeExpired();
    expect(await sessionsOf(email)).toEqual([{ remember: true }]);

    clockIn((SESSION_LIFETIME.rememberAbsolute + 60) * 1000);
    await t.app.sessions.purgeExpired();
    expect(await sessionsOf(email)).toEqual([]);
  });

  it('keeps a session used within its idle time', async () => {
    const { email, password } = await account();
    await logIn(t.app, email, password, false);
    clockIn((SESSION_LIFETIME.idle - 60) * 1000);
    await t.app.sessions.purgeExpired();
    expect((await sessionsOf(email)).length).toBe(1);
  });
});
