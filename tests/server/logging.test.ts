import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { scrubUrl } from '../../src/server/logging';
import { STRONG_PASSWORD, step2Body } from './support/fixtures';
import { bearer, tokenOf, uploadFile } from './support/flows';
import { createTestApp } from './support/test-app';

function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { lines, stream };
}

/** Walks sign-up, verification, login, step 2 and a password reset; returns every secret it used. */
async function walkThrough(nodeEnv: string) {
  const log = captureLog();
  const t = await createTestApp({
    // production refuses a PUBLIC_URL that is not https
    env: {
      NODE_ENV: nodeEnv,
      ...(nodeEnv === 'production' ? { PUBLIC_URL: 'https://psy.example.org' } : {}),
    },
    logger: { level: 'trace', stream: log.stream },
  });
  try {
    const email = 'log.test@example.com';
    const body = {
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      acceptTerms: true,
      acceptPrivacyPolicy: true,
    };
    await t.app.inject({ method: 'POST', url: '/api/auth/signup/step1', payload: body });
    const verifyRow = await t.app.db
      .selectFrom('mail_outbox')
      .select('links')
      .where('kind', '=', 'verification')
      .executeTakeFirstOrThrow();
    const verifyToken = tokenOf(verifyRow.links[0]!);
    await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${verifyToken}` });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    const session = login.json().accessToken as string;
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) });
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `session=${session}` } });
    await uploadFile(t.app, session, 'diploma');
    const credentials = step2Body();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/step2',
      payload: credentials,
      headers: bearer(session),
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const resetRow = await t.app.db
      .selectFrom('mail_outbox')
      .select('links')
      .where('kind', '=', 'passwordReset')
      .executeTakeFirstOrThrow();
    const resetToken = tokenOf(resetRow.links[0]!);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'N3w!Password', confirmPassword: 'N3w!Password' },
    });
    return {
      lines: log.lines,
      secrets: {
        password: STRONG_PASSWORD,
        newPassword: 'N3w!Password',
        nationalId: credentials.nationalId,
        session,
        resetToken,
        verifyToken,
      },
      verifyToken,
      resetToken,
    };
  } finally {
    await t.close();
  }
}

describe('logging', () => {
  it('scrubs token values from logged URLs', () => {
    expect(scrubUrl('/api/auth/verify-email?token=abc123')).toBe('/api/auth/verify-email?token=[redacted]');
    expect(scrubUrl('/reset-password?TOKEN=abc')).toBe('/reset-password?TOKEN=[redacted]');
    expect(scrubUrl('/api/auth/check-email?email=a%40b.co')).toBe('/api/auth/check-email?email=[redacted]');
  });

  it("scrubs a respondent link's token from the path of the page and of its API", () => {
    const token = 'Zk3v_9aQ-2mLpX8rT1uW4yB6nC0dE5fG7hJ2kL9mN3o';
    expect(scrubUrl(`/r/${token}`)).toBe('/r/[redacted]');
    expect(scrubUrl(`/api/respond/${token}`)).toBe('/api/respond/[redacted]');
    expect(scrubUrl(`/api/respond/${token}/submit?x=1`)).toBe('/api/respond/[redacted]/submit?[redacted]');
    expect(scrubUrl('/api/responses/1b4e28ba-2fa1-4d2b-883f-0016d3cca427')).toBe(
      '/api/responses/1b4e28ba-2fa1-4d2b-883f-0016d3cca427',
    );
  });

  it('keeps only the list filters of a query: any other value, and unknown parameters whole, are redacted', () => {
    expect(scrubUrl('/api/client-intake?status=draft&limit=20')).toBe(
      '/api/client-intake?status=draft&limit=20',
    );
    expect(scrubUrl('/api/client-intake?status=draft&nid=10000000146')).toBe(
      '/api/client-intake?status=draft&[redacted]',
    );
    expect(scrubUrl('/api/client-intake?10000000146')).toBe('/api/client-intake?[redacted]');
    expect(scrubUrl('/api/client-intake?limit=10000000146&status=a%20b')).toBe(
      '/api/client-intake?limit=[redacted]&status=[redacted]',
    );
    expect(scrubUrl('/api/config')).toBe('/api/config');
  });

  it('never logs passwords, national IDs, session tokens or link tokens (production)', async () => {
    const { lines, secrets } = await walkThrough('production');
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.some((l) => l.includes('/api/auth/verify-email?token=[redacted]'))).toBe(true);
    for (const [name, secret] of Object.entries(secrets)) {
      const leaking = lines.filter((l) => l.includes(secret));
      expect(leaking, `${name} appears in the log`).toEqual([]);
    }
    expect(lines.filter((l) => /Bearer |session=/.test(l))).toEqual([]);
  });

  it('in development with the log going to a file, prints no mail link and leaks nothing', async () => {
    const { lines, secrets } = await walkThrough('development');
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((l) => JSON.parse(l).devMailLink === true)).toEqual([]);
    for (const [name, secret] of Object.entries(secrets)) {
      expect(
        lines.filter((l) => l.includes(secret)),
        `${name} appears in the log`,
      ).toEqual([]);
    }
  });
});
