import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { helmetHeaders, securityHeaderOptions } from '../../src/server/plugins/security-headers';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let clientDir: string;
const BIG_SCRIPT = `export const words = ${JSON.stringify('Psikolog '.repeat(2000))};`;
const EARLY_SCRIPT = "\n  window.earlyLinkRead = fetch('/api/respond/x');\n";
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(
    path.join(clientDir, 'respond.html'),
    `<!doctype html><title>respond</title><script>${EARLY_SCRIPT}</script><div id="respond"></div>`,
  );
  writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(path.join(clientDir, 'assets', 'big-5678.js'), BIG_SCRIPT);
  execFileSync(process.execPath, ['scripts/compress-client.mjs', clientDir]);
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://psy.example.org' };

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      dataKey: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
      nodeEnv: 'development',
      requireEmailVerification: true,
      requireApproval: false,
      logLevel: 'info',
      trustProxy: false,
      rateLimits: true,
    });
    expect(loadConfig({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATA_KEY', 'abc'],
    ['SMTP_URL', 'http://mail'],
    ['MAIL_FROM', 'nobody'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['REQUIRE_EMAIL_VERIFICATION', 'maybe'],
    ['REQUIRE_APPROVAL', 'sometimes'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'everyone'],
    ['RATE_LIMITS', 'sometimes'],
    ['MAIL_RETENTION_DAYS', '91'],
    ['MAIL_RETENTION_DAYS', 'a week'],
    ['ALLOW_HTTP_PUBLIC_URL', 'perhaps'],
  ])('stops with a message naming %s for a wrong value (%s)', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('turns rate limits off with RATE_LIMITS=off, but never in production', () => {
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toBe(false);
    expect(loadConfig({ RATE_LIMITS: 'ON' }).rateLimits).toBe(true);
    expect(() => loadConfig({ ...PRODUCTION, RATE_LIMITS: 'off' })).toThrow(
      'Invalid configuration: RATE_LIMITS cannot be off when NODE_ENV=production (it is for load tests only)',
    );
    expect(loadConfig({ ...PRODUCTION, RATE_LIMITS: 'on' }).rateLimits).toBe(true);
  });

  it('requires DATA_KEY in production on PostgreSQL (instances must share it)', () => {
    expect(() => loadConfig({ ...PRODUCTION, DATABASE_URL: 'postgres://db/app' })).toThrow(
      'Invalid configuration: DATA_KEY is required in production when DATABASE_URL is set',
    );
    const key = 'ab'.repeat(32);
    expect(loadConfig({ ...PRODUCTION, DATABASE_URL: 'postgres://db/app', DATA_KEY: key }).dataKey).toBe(key);
    // the embedded database keeps its key in DATA_DIR
    expect(loadConfig(PRODUCTION).dataKey).toBeUndefined();
  });

  it.each([
    ['unset', {}],
    ['over http', { PUBLIC_URL: 'http://psy.example.org' }],
  ])(
    'refuses to start in production with PUBLIC_URL %s, naming the variable and the opt-out',
    (_name, env) => {
      expect(() => loadConfig({ NODE_ENV: 'production', ...env })).toThrow(
        /^Invalid configuration: PUBLIC_URL must start with https:\/\/ when NODE_ENV=production .*ALLOW_HTTP_PUBLIC_URL=true/,
      );
    },
  );

  it('starts in production over http only with ALLOW_HTTP_PUBLIC_URL=true; development needs neither', () => {
    const env = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      ALLOW_HTTP_PUBLIC_URL: 'true',
    };
    expect(loadConfig(env).publicUrl).toBe('http://127.0.0.1:3000');
    expect(() => loadConfig({ ...env, ALLOW_HTTP_PUBLIC_URL: 'false' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig(PRODUCTION).publicUrl).toBe('https://psy.example.org');
  });

  it('keeps the address and subject of a finished mail MAIL_RETENTION_DAYS (default 7; 0 blanks at the next purge)', () => {
    expect(loadConfig({}).retention.mailRetentionDays).toBe(7);
    expect(loadConfig({ MAIL_RETENTION_DAYS: '0' }).retention.mailRetentionDays).toBe(0);
    expect(loadConfig({ MAIL_RETENTION_DAYS: '30' }).retention.mailRetentionDays).toBe(30);
  });
});

describe('GET /api/config', () => {
  it('answers the product name, support e-mail, what is required and the deletion grace days', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      productName: 'Psychologist Platform',
      supportEmail: 'support@example.com',
      requireEmailVerification: true,
      // test servers run with production's approval gate (tests/server/support/test-app.ts)
      requireApproval: true,
      deletionGraceDays: 30,
    });
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy without unsafe-eval and with script-src self', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends every one of them on each kind of answer: JSON, errors, refused writes, pages, files', async () => {
    const expected = helmetHeaders(securityHeaderOptions('http://localhost:5173'));
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/config' }),
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {},
        headers: { origin: 'https://evil.example' },
      }),
      await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } }),
      await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' }),
      await t.app.inject({ method: 'HEAD', url: '/api/config' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 401, 400, 403, 200, 200, 200]);
    for (const answer of answers)
      for (const [name, value] of Object.entries(expected))
        expect(answer.headers[name], `${answer.statusCode} ${name}`).toBe(value);
  });
});

describe('errors', () => {
  it('answers an unknown API path with 404 NOT_FOUND as JSON, in the request language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
    const tr = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/login',
      headers: { 'accept-language': 'tr' },
    });
    expect(tr.json()).toEqual({ code: 'NOT_FOUND', message: 'Bulunamadı.' });
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'INVALID_JSON', message: 'The request body is not valid JSON.' });
  });

  it('answers an unsupported content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over 100 KB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(200_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a JSON body that is not an object with 400 VALIDATION_FAILED', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual(expect.arrayContaining(['code', 'message']));
    }
  });

  it('never shows a stack trace: an unexpected failure is 500 INTERNAL_ERROR with a plain message', async () => {
    const broken = await createTestApp();
    try {
      broken.app.db.selectFrom = () => {
        throw new Error('database exploded at /srv/app/secret.ts:12');
      };
      const response = await broken.app.inject({ method: 'GET', url: '/api/auth/check-email?email=a@b.co' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'An unexpected error occurred. Please try again.',
      });
      expect(response.body).not.toContain('exploded');
    } finally {
      await broken.close();
    }
  });
});

describe('the built client', () => {
  it('serves index.html for app routes that accept HTML (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/signup/step2', '/verify-email?token=abc']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves respond.html for a link, allowing its inline script by hash and no other inline script', async () => {
    const hash = createHash('sha256').update(EARLY_SCRIPT).digest('base64');
    const page = await t.app.inject({ method: 'GET', url: '/r/abc', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="respond">');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
    expect(policy.split(';').find((directive) => directive.startsWith('script-src '))).not.toContain(
      'unsafe',
    );
    // the account area's pages have no inline script: theirs stays 'self' alone
    const app = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(String(app.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
  });

  it('serves assets with a long cache and keeps 404 JSON for non-HTML requests', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'sends the built %s copy of an asset to a browser that accepts it',
    async (encoding, decode) => {
      const asset = await t.app.inject({
        method: 'GET',
        url: '/assets/big-5678.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe(encoding);
      expect(asset.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 10);
      expect(decode(asset.rawPayload).toString()).toBe(BIG_SCRIPT);
    },
  );

  it('sends the plain asset to a client that accepts no compression', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/big-5678.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe(BIG_SCRIPT);
  });
});
