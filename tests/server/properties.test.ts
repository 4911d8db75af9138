import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIF, JPEG, PDF, PNG } from './support/fixtures';
import { bearer, uploadFile, verifiedUser } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let token: string;
let fileId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await verifiedUser(t.app));
  fileId = (await uploadFile(t.app, token, 'diploma')).json().file.id;
});
afterAll(async () => {
  await t?.close();
});

/** Every route, with the field names its body or query knows (random values are tried under them). */
const JSON_ROUTES: Array<{ method: 'GET' | 'POST'; url: string; fields: string[] }> = [
  {
    method: 'POST',
    url: '/api/auth/signup/step1',
    fields: [
      'firstName',
      'lastName',
      'email',
      'password',
      'confirmPassword',
      'acceptTerms',
      'acceptPrivacyPolicy',
    ],
  },
  {
    method: 'POST',
    url: '/api/auth/signup/step2',
    fields: [
      'email',
      'university',
      'department',
      'graduationYear',
      'diploma',
      'professionalTitle',
      'chamberRegistrationNumber',
      'nationalId',
      'kvkkConsent',
    ],
  },
  {
    method: 'POST',
    url: '/api/auth/signup/step3',
    fields: ['email', 'photo', 'specializations', 'workAreas', 'biography'],
  },
  { method: 'POST', url: '/api/auth/login', fields: ['email', 'password', 'rememberMe'] },
  { method: 'POST', url: '/api/auth/logout', fields: [] },
  { method: 'POST', url: '/api/auth/send-verification', fields: ['email'] },
  { method: 'POST', url: '/api/auth/resend-verification', fields: ['email'] },
  { method: 'POST', url: '/api/auth/verify-code', fields: ['code', 'email'] },
  { method: 'POST', url: '/api/auth/forgot-password', fields: ['email'] },
  { method: 'POST', url: '/api/auth/reset-password', fields: ['token', 'password', 'confirmPassword'] },
  {
    method: 'POST',
    url: '/api/auth/change-password',
    fields: ['oldPassword', 'newPassword', 'confirmNewPassword'],
  },
  { method: 'POST', url: '/api/auth/signup/upload-diploma', fields: ['file'] },
  { method: 'POST', url: '/api/auth/signup/upload-photo', fields: ['file'] },
  { method: 'GET', url: '/api/auth/me', fields: [] },
  { method: 'GET', url: '/api/auth/verify-email', fields: ['token'] },
  { method: 'GET', url: '/api/auth/check-email', fields: ['email'] },
  { method: 'GET', url: '/api/config', fields: [] },
  { method: 'GET', url: '/api/dev/outbox', fields: ['to', 'limit'] },
  { method: 'GET', url: '/api/files/:id', fields: [] },
];

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The contract: never a 5xx; every error is JSON { code, message, fields? } with string messages. */
function expectContract(response: Response) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode < 400) return;
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(typeof body.code).toBe('string');
  expect(body.code).toMatch(/^[A-Z_]+$/);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.message).not.toMatch(/\n\s+at |Error:|\.ts:\d/);
  if (body.fields !== undefined) {
    for (const message of Object.values(body.fields)) expect(typeof message).toBe('string');
  }
}

const route = fc.constantFrom(...JSON_ROUTES);
const jsonValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.constantFrom(
    '',
    ' ',
    'a@b.co',
    'Str0ng!Pass',
    '10000000146',
    '123456',
    'Psikoloji',
    '__proto__',
    'ç'.repeat(600),
  ),
);
const auth = fc.constantFrom<'none' | 'valid' | 'garbage'>('none', 'valid', 'garbage');
const language = fc.oneof(
  fc.constantFrom('en', 'tr', 'tr-TR,tr;q=0.9', 'de', '*', ';q=x,,'),
  fc.string({ maxLength: 20 }),
);

function headersFor(kind: 'none' | 'valid' | 'garbage', lang: string) {
  const headers: Record<string, string> = { 'accept-language': lang.replace(/[^\x20-\x7e]/g, '') };
  if (kind === 'valid') Object.assign(headers, bearer(token));
  if (kind === 'garbage') headers.authorization = 'Bearer ../../etc/passwd';
  return headers;
}

function urlOf(r: (typeof JSON_ROUTES)[number]) {
  return r.url.replace(':id', fileId);
}

describe('every route under random input (fast-check)', () => {
  it('answers random JSON bodies and queries made of its own field names with no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        route,
        fc.array(fc.tuple(fc.string({ maxLength: 12 }), jsonValue), { maxLength: 6 }),
        auth,
        language,
        async (r, extra, who, lang) => {
          const values = Object.fromEntries([
            ...r.fields.map((f, i) => [f, extra[i]?.[1] ?? 'x']),
            ...extra.map(([k, v]) => [k, v]),
          ]);
          const headers = headersFor(who, lang);
          const response =
            r.method === 'GET'
              ? await t.app.inject({
                  method: 'GET',
                  url: urlOf(r),
                  query: Object.fromEntries(
                    Object.entries(values).map(([k, v]) => [
                      k,
                      typeof v === 'string' ? v : JSON.stringify(v),
                    ]),
                  ),
                  headers,
                })
              : await t.app.inject({ method: 'POST', url: urlOf(r), payload: values, headers });
          expectContract(response);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers any JSON value as a body (arrays, strings, numbers, deep objects) with no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(route, fc.jsonValue({ maxDepth: 3 }), auth, async (r, value, who) => {
        const response = await t.app.inject({
          method: r.method === 'GET' ? 'POST' : r.method,
          url: urlOf(r),
          payload: JSON.stringify(value) ?? 'null',
          headers: { 'content-type': 'application/json', ...headersFor(who, 'en') },
        });
        expectContract(response);
      }),
      { numRuns: 80 },
    );
  });

  it('answers malformed bodies and content types with 4xx JSON errors', async () => {
    await fc.assert(
      fc.asyncProperty(
        route,
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.constantFrom('{', '{"a":', '[1,', '\u0000', '{"email":"a@b.co"}}'),
        ),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'image/png',
        ),
        auth,
        async (r, payload, contentType, who) => {
          const response = await t.app.inject({
            method: 'POST',
            url: urlOf(r),
            payload,
            headers: { 'content-type': contentType, ...headersFor(who, 'tr') },
          });
          expectContract(response);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('answers random uploads (bytes, names, field names, broken framing) with no 5xx', async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
      fc.constantFrom(PDF, PNG, JPEG, GIF, Buffer.alloc(0)),
      fc
        .tuple(fc.constantFrom(PDF, PNG, JPEG), fc.uint8Array({ maxLength: 100 }))
        .map(([head, tail]) => Buffer.concat([head.subarray(0, 8), Buffer.from(tail)])),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('diploma', 'photo'),
        bytes,
        fc.oneof(fc.constant('file'), fc.string({ maxLength: 10 })),
        fc.string({ maxLength: 40 }),
        fc.constantFrom('application/pdf', 'image/png', 'text/html', '', 'x/y"z'),
        fc.boolean(),
        fc.nat({ max: 3 }),
        async (kind, data, field, filename, type, truncate, copies) => {
          const boundary = 'fuzzboundary';
          const part = Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${field.replace(/["\r\n]/g, '')}"; filename="${filename.replace(/["\r\n]/g, '')}"\r\nContent-Type: ${type}\r\n\r\n`,
            ),
            data,
            Buffer.from('\r\n'),
          ]);
          let payload = Buffer.concat([
            ...Array.from({ length: copies }, () => part),
            Buffer.from(`--${boundary}--\r\n`),
          ]);
          if (truncate) payload = payload.subarray(0, Math.floor(payload.length / 2));
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/auth/signup/upload-${kind}`,
            payload,
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
          });
          expectContract(response);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('answers random paths and methods with JSON 404s, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fc.webPath(),
        async (method, path) => {
          const response = await t.app.inject({
            method: method as 'GET',
            url: `/api${path.startsWith('/') ? path : `/${path}`}`,
          });
          expectContract(response);
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('ownership under random ids', () => {
  it('GET /api/files/:id answers 404 or 401 for any id that is not the caller own file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 70 }), auth, async (id, who) => {
        fc.pre(id !== fileId);
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/files/${encodeURIComponent(id)}`,
          headers: headersFor(who, 'en'),
        });
        expectContract(response);
        expect([400, 401, 404]).toContain(response.statusCode);
      }),
      { numRuns: 60 },
    );
  });
});
