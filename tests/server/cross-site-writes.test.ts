import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { validSections } from '../fixtures/intake/sections';
import { approvedUser } from './support/flows';
import { registeredRoutes } from './support/routes';
import { createTestApp, type TestApp } from './support/test-app';

// createTestApp's PUBLIC_URL, and one extra origin the operator trusts
const OWN = 'http://localhost:5173';
const EXTRA = 'https://admin.example.org';
const EVIL = 'https://evil.example';

let t: TestApp;
let app: FastifyInstance;
let token: string;
let otherToken: string;
let clientId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUSTED_ORIGINS: EXTRA }, purgeSchedule: false });
  app = t.app;
  ({ token } = await approvedUser(app));
  ({ token: otherToken } = await approvedUser(app));
  clientId = await newClient();
});
afterAll(async () => {
  await t?.close();
});

/** The browser's way: the session cookie only, as a page of another site would make it travel. */
const cookie = (session = token) => ({ cookie: `session=${session}` });
const json = { 'content-type': 'application/json' };

async function newClient(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/client-intake',
    headers: { ...cookie(), ...json, origin: OWN },
    payload: { demographics: validSections.demographics, status: 'draft' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function newLink(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/clients/${clientId}/links`,
    headers: { ...cookie(), ...json, origin: OWN },
    payload: { questionnaireId: 'home-routines', respondent: 'guardian', language: 'en' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().link.id;
}

async function linkState(id: string): Promise<string | undefined> {
  const res = await app.inject({ method: 'GET', url: `/api/clients/${clientId}/links`, headers: cookie() });
  return (res.json() as Array<{ id: string; state: string }>).find((l) => l.id === id)?.state;
}

async function me(session = token) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie(session) });
}

/** Every write the server registers under /api, with its parameters filled by a plausible value. */
function writeRoutes() {
  return registeredRoutes(app)
    .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url.startsWith('/api/'))
    .map((r) => ({
      ...r,
      path: r.url.replace(/\/$/, '').replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000'),
    }));
}

function send(method: string, url: string, headers: Record<string, string>, payload?: string) {
  return app.inject({
    method: method as InjectOptions['method'],
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('writes from another site are refused with 403 CROSS_SITE_REQUEST before any handler', () => {
  it('covers a meaningful set of write routes', () => {
    const keys = writeRoutes().map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(20);
    for (const key of ['PUT /api/auth/language', 'POST /api/links/:id/revoke', 'PUT /api/respond/:token'])
      expect(keys).toContain(key);
  });

  const foreign: Array<[string, () => Record<string, string>]> = [
    ['a foreign Origin', () => ({ origin: EVIL })],
    ['a sibling port of the same host', () => ({ origin: 'http://localhost:5174' })],
    ['Origin: null (a sandboxed frame)', () => ({ origin: 'null' })],
    ['Sec-Fetch-Site: cross-site without Origin', () => ({ 'sec-fetch-site': 'cross-site' })],
    [
      'Sec-Fetch-Site: same-site without Origin (a sibling subdomain)',
      () => ({ 'sec-fetch-site': 'same-site' }),
    ],
    ['a foreign Referer as the only sign', () => ({ referer: `${EVIL}/page` })],
    // our own client sends both; the cookie makes it cookie-borne
    [
      'a foreign Origin with the cookie and a bearer token',
      () => ({ origin: EVIL, authorization: `Bearer ${token}` }),
    ],
  ];
  for (const [name, headers] of foreign) {
    it(`every write route refuses ${name}`, async () => {
      for (const r of writeRoutes()) {
        const body = r.method === 'DELETE' ? undefined : '{}';
        const res = await send(
          r.method,
          r.path,
          { ...cookie(), ...(body === undefined ? {} : json), ...headers() },
          body,
        );
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
        expect(res.json().code, `${r.method} ${r.url}`).toBe('CROSS_SITE_REQUEST');
      }
    });
  }

  it('says so in the request language', async () => {
    const headers = { ...cookie(), ...json, origin: EVIL };
    const en = await send('PUT', '/api/auth/language', { ...headers, 'accept-language': 'en' }, '{}');
    const tr = await send('PUT', '/api/auth/language', { ...headers, 'accept-language': 'tr' }, '{}');
    expect(en.json()).toEqual({
      code: 'CROSS_SITE_REQUEST',
      message: `This request did not come from a page of ${OWN}, so it was refused. Open ${OWN} in the address bar and repeat the action.`,
    });
    expect(tr.json()).toEqual({
      code: 'CROSS_SITE_REQUEST',
      message: `Bu istek ${OWN} adresindeki bir sayfadan gelmediği için reddedildi. Adres çubuğunda ${OWN} adresini açıp işlemi tekrarlayın.`,
    });
  });

  it('PUT /api/auth/language from another site leaves the language as it was', async () => {
    const before = (await me()).json().user.language;
    const other = before === 'tr' ? 'en' : 'tr';
    const res = await send(
      'PUT',
      '/api/auth/language',
      { ...cookie(), ...json, origin: EVIL },
      JSON.stringify({ language: other }),
    );
    expect(res.statusCode).toBe(403);
    expect((await me()).json().user.language).toBe(before);
  });

  it('POST /api/links/:id/revoke from another site leaves the link open, as does a text/plain or bodiless one', async () => {
    const id = await newLink();
    const url = `/api/links/${id}/revoke`;
    expect((await send('POST', url, { ...cookie(), ...json, origin: EVIL }, '{}')).statusCode).toBe(403);
    expect(
      (await send('POST', url, { ...cookie(), 'sec-fetch-site': 'cross-site', ...json }, '{}')).statusCode,
    ).toBe(403);
    expect((await send('POST', url, { ...cookie(), 'content-type': 'text/plain' }, '')).statusCode).toBe(415);
    expect((await send('POST', url, { ...cookie(), origin: OWN })).statusCode).toBe(415);
    expect(await linkState(id)).toBe('created');
  });

  it('POST /api/auth/logout from another site does not end the session', async () => {
    expect(
      (await send('POST', '/api/auth/logout', { ...cookie(), ...json, origin: EVIL }, '{}')).statusCode,
    ).toBe(403);
    expect((await me()).statusCode).toBe(200);
  });

  it('DELETE /api/client-intake/:id from another site keeps the record', async () => {
    const id = await newClient();
    const res = await send('DELETE', `/api/client-intake/${id}`, { ...cookie(), origin: EVIL });
    expect(res.statusCode).toBe(403);
    const read = await app.inject({ method: 'GET', url: `/api/client-intake/${id}`, headers: cookie() });
    expect(read.statusCode).toBe(200);
  });

  it('refuses before authentication: no session at all still gets 403, not 401', async () => {
    const res = await send(
      'POST',
      '/api/auth/login',
      { ...json, origin: EVIL },
      '{"email":"a@b.co","password":"x"}',
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('writes from the product itself pass', () => {
  it('the same-origin JSON request works (Origin and Sec-Fetch-Site of the own page)', async () => {
    const res = await send(
      'PUT',
      '/api/auth/language',
      { ...cookie(), ...json, origin: OWN, 'sec-fetch-site': 'same-origin' },
      JSON.stringify({ language: 'tr' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me()).json().user.language).toBe('tr');
  });

  it('an origin in TRUSTED_ORIGINS works even though the browser calls it cross-site', async () => {
    const res = await send(
      'PUT',
      '/api/auth/language',
      { ...cookie(), ...json, origin: EXTRA, 'sec-fetch-site': 'cross-site' },
      JSON.stringify({ language: 'en' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me()).json().user.language).toBe('en');
  });

  it('in development, the page opened at 127.0.0.1 or [::1] instead of localhost writes too', async () => {
    for (const alias of ['http://127.0.0.1:5173', 'http://[::1]:5173']) {
      const res = await send(
        'PUT',
        '/api/auth/language',
        { ...cookie(), ...json, origin: alias, 'sec-fetch-site': 'same-origin' },
        JSON.stringify({ language: 'en' }),
      );
      expect(res.statusCode, `${alias}: ${res.body}`).toBe(200);
    }
    const lan = await send('POST', '/api/auth/login', { ...json, origin: 'http://192.168.1.20:5173' }, '{}');
    expect(lan.statusCode).toBe(403);
    expect(lan.json().message).toContain(`Open ${OWN}`);
  });

  it('Sec-Fetch-Site: same-origin alone (no Origin) works', async () => {
    const id = await newLink();
    const res = await send(
      'POST',
      `/api/links/${id}/revoke`,
      { ...cookie(), ...json, 'sec-fetch-site': 'same-origin' },
      '{}',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await linkState(id)).toBe('revoked');
  });

  it('a request with none of the browser headers (curl, the admin tool) is not a cross-site one', async () => {
    const id = await newLink();
    const res = await send('POST', `/api/links/${id}/revoke`, { ...cookie(), ...json }, '{}');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a bearer token without the session cookie is not cookie-borne: it passes whatever its Origin', async () => {
    const res = await send(
      'PUT',
      '/api/auth/language',
      { authorization: `Bearer ${otherToken}`, ...json, origin: EVIL },
      JSON.stringify({ language: 'tr' }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('DELETE needs no body and no content type', async () => {
    const id = await newClient();
    const res = await send('DELETE', `/api/client-intake/${id}`, { ...cookie(), origin: OWN });
    expect(res.statusCode, res.body).toBe(204);
  });

  it('an unknown path stays a 404 for a same-origin write of any content type', async () => {
    const res = await send(
      'POST',
      '/api/no-such-route',
      { ...cookie(), origin: OWN, 'content-type': 'text/plain' },
      'x',
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('write routes take JSON only (multipart on uploads): 415 UNSUPPORTED_MEDIA_TYPE otherwise', () => {
  const bodies: Array<[string, Record<string, string>, string | undefined]> = [
    ['a text/plain body', { 'content-type': 'text/plain' }, 'hello'],
    ['an empty text/plain body', { 'content-type': 'text/plain' }, ''],
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ['a multipart body', { 'content-type': 'multipart/form-data; boundary=x' }, '--x--\r\n'],
    ['no body and no content type (a bodiless POST)', {}, undefined],
  ];
  for (const [name, headers, payload] of bodies) {
    it(`every POST/PUT/PATCH route refuses ${name}`, async () => {
      for (const r of writeRoutes().filter((w) => w.method !== 'DELETE')) {
        const upload = r.url.includes('/upload-');
        // the upload routes take exactly multipart/form-data
        if (upload && name === 'a multipart body') continue;
        const res = await send(r.method, r.path, { ...cookie(), origin: OWN, ...headers }, payload);
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(415);
        expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    });
  }

  it('the upload routes refuse JSON with the multipart message', async () => {
    const res = await send(
      'POST',
      '/api/auth/signup/upload-diploma',
      { ...cookie(), origin: OWN, ...json },
      '{}',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Send the file as multipart/form-data in the field "file".');
  });

  it('a DELETE that carries a body must carry JSON', async () => {
    const id = await newClient();
    const url = `/api/client-intake/${id}`;
    const res = await send('DELETE', url, { ...cookie(), origin: OWN, 'content-type': 'text/plain' }, 'x');
    expect(res.statusCode).toBe(415);
    const read = await app.inject({ method: 'GET', url, headers: cookie() });
    expect(read.statusCode).toBe(200);
  });

  it('the respondent routes (token in the path, no cookie) follow the same rule', async () => {
    const token = 'A'.repeat(43);
    for (const [method, url] of [
      ['PUT', `/api/respond/${token}`],
      ['POST', `/api/respond/${token}/submit`],
    ]) {
      expect((await send(method!, url!, { 'content-type': 'text/plain' }, '{"answers":{}}')).statusCode).toBe(
        415,
      );
      expect((await send(method!, url!, {})).statusCode).toBe(415);
      expect((await send(method!, url!, { ...json, origin: EVIL }, '{"answers":{}}')).statusCode).toBe(403);
      // same-origin JSON reaches the link (an unknown token: 404 or 410, never 403/415)
      const own = await send(method!, url!, { ...json, origin: OWN }, '{"answers":{}}');
      expect([404, 410]).toContain(own.statusCode);
    }
  });

  it('says what to send, in the request language', async () => {
    const headers = { ...cookie(), origin: OWN, 'content-type': 'text/plain' };
    const en = await send('PUT', '/api/auth/language', { ...headers, 'accept-language': 'en' }, 'tr');
    const tr = await send('PUT', '/api/auth/language', { ...headers, 'accept-language': 'tr' }, 'tr');
    expect(en.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send this request as JSON (Content-Type: application/json).',
    });
    expect(tr.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Bu isteği JSON olarak gönderin (Content-Type: application/json).',
    });
  });
});

describe('TRUSTED_ORIGINS', () => {
  it('is empty by default and keeps each origin in its browser form', () => {
    expect(loadConfig({}).trustedOrigins).toEqual([]);
    expect(
      loadConfig({ TRUSTED_ORIGINS: 'http://localhost:5173, https://Admin.Example.org' }).trustedOrigins,
    ).toEqual(['http://localhost:5173', 'https://admin.example.org']);
  });

  it.each(['*', 'null', 'localhost:5173', 'https://a.example/path', 'https://a.example/', 'ftp://a.example'])(
    'stops the server with a message naming TRUSTED_ORIGINS for %s',
    (value) => {
      expect(() => loadConfig({ TRUSTED_ORIGINS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUSTED_ORIGINS: value })).toThrow(
        /^Invalid configuration: TRUSTED_ORIGINS /,
      );
    },
  );
});
