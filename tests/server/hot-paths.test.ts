import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/security/limiter';
import { SESSION_USER_COLUMNS } from '../../src/server/users/user-view';
import { validSections } from '../fixtures/intake/sections';
import { as, createPractitioner, type Practitioner } from '../fixtures/intake/server';
import { uniqueEmail } from './support/fixtures';
import { statementsDuring } from './support/statements';
import { createTestApp, type TestApp } from './support/test-app';

/** How often helmet's middleware was built: once per app, never per request (ADR 133). */
const helmetBuilds = vi.hoisted(() => ({ count: 0 }));
vi.mock('helmet', async (importOriginal) => {
  const actual = await importOriginal<typeof import('helmet')>();
  const counted = (...args: Parameters<typeof actual.default>) => {
    helmetBuilds.count++;
    return actual.default(...args);
  };
  return { ...actual, default: Object.assign(counted, actual.default) };
});

const touches = (table: string) => (text: string) => new RegExp(`\\b${table}\\b`).test(text);

/** How often `fn` made the app's engine validate: one `assess`, or `validate` and `sectionState` apart. */
async function engineCalls<T>(t: TestApp, fn: () => Promise<T>) {
  const spies = {
    assess: vi.spyOn(t.app.engine, 'assess'),
    validate: vi.spyOn(t.app.engine, 'validate'),
    sectionState: vi.spyOn(t.app.engine, 'sectionState'),
  };
  try {
    const value = await fn();
    const calls = Object.fromEntries(
      Object.entries(spies).map(([name, spy]) => [name, spy.mock.calls.length]),
    );
    return { value, calls };
  } finally {
    for (const spy of Object.values(spies)) spy.mockRestore();
  }
}

describe('round trips of the busiest calls (production limits)', () => {
  let t: TestApp;
  let alice: Practitioner;
  beforeAll(async () => {
    t = await createTestApp({ limits: DEFAULT_LIMITS });
    alice = await createPractitioner(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/auth/me reads the session and its account in one statement', async () => {
    let status = 0;
    const statements = await statementsDuring(async () => {
      status = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: alice.headers }))
        .statusCode;
    });
    expect(status).toBe(200);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/\bsessions\b.*\bjoin users\b/);
  });

  it("carries the account's request columns only, never its secrets (ADR 154)", async () => {
    const statements = await statementsDuring(async () => {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: alice.headers })).statusCode,
      ).toBe(200);
    });
    expect(statements[0]).not.toMatch(/\bu\.\*/);
    const token = alice.headers.authorization?.replace('Bearer ', '') as string;
    const user = await t.app.sessions.resolveUser(token);
    expect(Object.keys(user ?? {}).sort()).toEqual([...SESSION_USER_COLUMNS].sort());
    for (const secret of [
      'password_hash',
      'national_id_encrypted',
      'national_id_hmac',
      'verify_code_hash',
      'deletion_cancel_hash',
    ]) {
      expect(statements[0]).not.toContain(secret);
      expect(user).not.toHaveProperty(secret);
    }
  });

  it('sets the security headers without building their middleware again for each answer', async () => {
    const before = helmetBuilds.count;
    expect(before).toBeGreaterThan(0); // built when the app was, through the mock
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: alice.headers });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    }
    expect(helmetBuilds.count).toBe(before);
  });

  it('an auto-save is two statements: the session, then one that counts the save limit and writes', async () => {
    const { id, version } = (
      await as(t.app, alice)('POST', '/', { demographics: validSections.demographics, status: 'draft' })
    ).json();
    let answer: { statusCode: number; json(): { version: number } } | undefined;
    const statements = await statementsDuring(async () => {
      answer = await as(t.app, alice)('PUT', `/${id}`, {
        complaintHistory: validSections.complaintHistory,
        status: 'draft',
        version,
      });
    });
    expect(answer?.statusCode).toBe(200);
    expect(answer?.json().version).toBe(version + 1);
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/insert into rate_limits.*update client_intakes/);
    expect(statements.some((s) => /^(begin|commit)\b/i.test(s))).toBe(false);
  });

  it('an auto-save checks each section it carries once: its errors and its state from one validator run', async () => {
    const { id, version } = (
      await as(t.app, alice)('POST', '/', { demographics: validSections.demographics, status: 'draft' })
    ).json();
    const { value: answer, calls } = await engineCalls(t, () =>
      as(t.app, alice)('PUT', `/${id}`, {
        demographics: validSections.demographics,
        complaintHistory: validSections.complaintHistory,
        status: 'draft',
        version,
      }),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().sectionStates).toMatchObject({
      demographics: 'complete',
      complaintHistory: 'complete',
    });
    expect(calls).toEqual({ assess: 2, validate: 0, sectionState: 0 });
  });

  it('a submit checks each section of the record once: its errors and its state from one validator run', async () => {
    const { value: answer, calls } = await engineCalls(t, () =>
      as(t.app, alice)('POST', '/', { ...validSections, status: 'submitted' }),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const sections = Object.keys(validSections);
    expect(answer.json().sectionStates).toEqual(Object.fromEntries(sections.map((key) => [key, 'complete'])));
    expect(calls).toEqual({ assess: sections.length, validate: 0, sectionState: 0 });
  });

  it('a stale save reads where the record stands (for the 409) without decrypting it', async () => {
    const { id, version } = (
      await as(t.app, alice)('POST', '/', { demographics: validSections.demographics, status: 'draft' })
    ).json();
    await as(t.app, alice)('PUT', `/${id}`, { demographics: {}, status: 'draft', version });
    let statusCode = 0;
    const statements = await statementsDuring(async () => {
      statusCode = (await as(t.app, alice)('PUT', `/${id}`, { demographics: {}, status: 'draft', version }))
        .statusCode;
    });
    expect(statusCode).toBe(409);
    expect(statements).toHaveLength(3);
    expect(statements[2]).not.toMatch(/sections_encrypted|data_encrypted/);
  });

  it('counts both login limits (address and e-mail) in one statement', async () => {
    let statusCode = 0;
    const statements = await statementsDuring(async () => {
      statusCode = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueEmail(), password: 'Wr0ng!Password' },
        })
      ).statusCode;
    });
    expect(statusCode).toBe(401);
    expect(statements.filter(touches('rate_limits'))).toHaveLength(1);
  });
});

describe('RATE_LIMITS=off', () => {
  let t: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        callback();
      },
    });
    t = await createTestApp({
      env: { RATE_LIMITS: 'off' },
      limits: DEFAULT_LIMITS,
      logger: { level: 'warn', stream },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('warns at start that no limit is enforced', () => {
    const warnings = log.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/RATE_LIMITS=off/) }),
    );
  });

  it('counts nothing and refuses nothing: no statement touches rate_limits', async () => {
    const email = uniqueEmail();
    const codes: number[] = [];
    const statements = await statementsDuring(async () => {
      for (let i = 0; i <= DEFAULT_LIMITS.loginFailuresPerAccountAndAddress.max + 1; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'Wr0ng!Password' },
        });
        codes.push(response.statusCode);
      }
      for (let i = 0; i < 2; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/resend-verification',
          payload: { email },
        });
        codes.push(response.statusCode);
      }
      const bob = await createPractitioner(t.app);
      const created = await as(t.app, bob)('POST', '/', { demographics: {}, status: 'draft' });
      codes.push(created.statusCode);
      const { id } = created.json();
      for (let i = 0; i < 3; i++) {
        codes.push((await as(t.app, bob)('PUT', `/${id}`, { demographics: {}, status: 'draft' })).statusCode);
      }
      codes.push((await as(t.app, bob)('POST', `/${id}/submit`)).statusCode);
    });
    expect(codes.filter((code) => code === 429)).toEqual([]);
    expect(statements.length).toBeGreaterThan(10);
    expect(statements.filter(touches('rate_limits'))).toEqual([]);
    expect(await t.app.db.selectFrom('rate_limits').select('key').execute()).toEqual([]);
  });
});
