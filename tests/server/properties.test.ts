import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIF, JPEG, PDF, PNG } from './support/fixtures';
import { approvedUser, bearer, logIn } from './support/flows';
import { registeredRoutes } from './support/routes';
import { createTestApp, RELAXED_LIMITS, type TestApp } from './support/test-app';

const ADMIN_SECRET = 'fuzz-admin-secret-'.padEnd(40, 'x');

let t: TestApp;
let email: string;
let token: string;
let otherToken: string;
let fileId: string;
let intakeId: string;
let responseId: string;
beforeAll(async () => {
  // every limit out of reach, so the fuzz reaches the work behind it (the limits have their own tests)
  const limits = Object.fromEntries(
    Object.entries(RELAXED_LIMITS).map(([name, limit]) => [name, { ...limit, max: 1e9 }]),
  ) as typeof RELAXED_LIMITS;
  t = await createTestApp({ adminSecret: ADMIN_SECRET, limits });
  ({ token: otherToken } = await approvedUser(t.app));
  await newAccount();
});

/** The fuzz's own account with a file, a client and a draft response; again after a request deleted it. */
async function newAccount(): Promise<void> {
  ({ email, token } = await approvedUser(t.app));
  // the diploma its credentials were approved with
  fileId = (
    await t.app.db
      .selectFrom('files')
      .innerJoin('users', 'users.id', 'files.owner_id')
      .select('files.id')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow()
  ).id;
  intakeId = await newIntake();
  responseId = await newResponse();
}

/** A draft questionnaire response of the fuzz's own client, so `own` ids reach the response routes' work. */
async function newResponse(): Promise<string> {
  const [first] = (
    await t.app.inject({ method: 'GET', url: '/api/questionnaires', headers: bearer(token) })
  ).json();
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/clients/${intakeId}/responses`,
    payload: { questionnaireId: first.id },
    headers: bearer(token),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

async function newIntake(): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/client-intake',
    payload: { status: 'draft', demographics: {} },
    headers: bearer(token),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}
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

/** Each intake section's data key with the field names of its form. */
const SECTION_FIELDS: Array<[string, string[]]> = (
  JSON.parse(readFileSync('schemas/intake/manifest.json', 'utf8')) as {
    parts: Array<{ key: string; form: string; version: number }>;
  }
).parts.map((part) => {
  const schema = JSON.parse(readFileSync(`schemas/${part.form}/v${part.version}.schema.json`, 'utf8'));
  return [part.key, Object.keys(schema.properties ?? {})];
});

const INTAKE_FIELDS = [
  'id',
  'status',
  'version',
  'demographics',
  'complaintHistory',
  'medicalHistory',
  'familySocialLife',
];

/**
 * The field names each registered route knows (random values are tried under them). A route the server
 * registers without an entry here fails the first test below, so a new route cannot escape the fuzz.
 */
const ROUTE_FIELDS: Record<string, string[]> = {
  // the built client's files (registered when dist/client exists, after `npm run build`)
  'GET /*': [],
  'GET /api/config': [],
  'GET /api/health/live': [],
  'GET /api/health/ready': [],
  'POST /api/auth/signup/step1': JSON_ROUTES[0]!.fields,
  'POST /api/auth/signup/step2': JSON_ROUTES[1]!.fields,
  'POST /api/auth/signup/step3': JSON_ROUTES[2]!.fields,
  'PUT /api/auth/language': ['language'],
  'POST /api/auth/signup/upload-diploma': ['file'],
  'POST /api/auth/signup/upload-photo': ['file'],
  'POST /api/auth/send-verification': ['email'],
  'POST /api/auth/resend-verification': ['email'],
  'POST /api/auth/login': ['email', 'password', 'rememberMe'],
  'POST /api/auth/logout': [],
  'GET /api/auth/me': [],
  'POST /api/auth/reset-password': ['token', 'password', 'confirmPassword'],
  'GET /api/auth/verify-email': ['token'],
  'POST /api/auth/verify-code': ['code', 'email'],
  'POST /api/auth/forgot-password': ['email'],
  'POST /api/auth/change-password': ['oldPassword', 'newPassword', 'confirmNewPassword'],
  'GET /api/auth/check-email': ['email'],
  'POST /api/admin/run': ['args'],
  'GET /api/files/:id': [],
  'GET /api/dev/outbox': ['to', 'limit'],
  'GET /api/client-intake': ['status', 'limit'],
  'POST /api/client-intake': INTAKE_FIELDS,
  'GET /api/client-intake/:id': [],
  'PUT /api/client-intake/:id': INTAKE_FIELDS,
  'DELETE /api/client-intake/:id': [],
  'POST /api/client-intake/:id/submit': ['version'],
  'POST /api/client-intake/:id/reopen': ['version'],
  'GET /api/questionnaires': [],
  'GET /api/questionnaires/:id/versions/:version': [],
  'GET /api/clients': ['q'],
  'GET /api/clients/:id': [],
  'GET /api/clients/:id/results': [],
  'GET /api/clients/:id/scores.csv': [],
  'POST /api/clients/:id/responses': ['questionnaireId', 'language', 'replaces', 'respondent'],
  'GET /api/responses/:id': [],
  'PUT /api/responses/:id': ['answers', 'version'],
  'POST /api/responses/:id/submit': ['answers', 'version'],
  'PUT /api/responses/:id/language': ['language'],
  'GET /api/client-intake/:id/export': [],
  'POST /api/client-intake/:id/print': [],
  'GET /api/client-intake/:id/access-history': [],
  'GET /api/client-intake/:id/deletion-impact': [],
  'GET /api/account/export': [],
  'POST /api/account/delete': ['password'],
  'GET /api/account/deletion': [],
  'POST /api/account/cancel-deletion': ['token'],
  'POST /api/clients/:id/links': [
    'questionnaireId',
    'respondent',
    'language',
    'label',
    'withCode',
    'email',
    'ageOverride',
  ],
  'GET /api/clients/:id/links': [],
  'POST /api/clients/:id/links/seen': [],
  'GET /api/links/new-results': [],
  'POST /api/links/:id/revoke': [],
  'POST /api/links/:id/send': ['email'],
  'POST /api/clients/:id/schedules': [
    'questionnaireId',
    'respondent',
    'language',
    'email',
    'everyWeeks',
    'startOn',
    'dates',
    'until',
    'times',
    'remindAfterDays',
    'withCode',
    'ageOverride',
  ],
  'GET /api/clients/:id/schedules': [],
  'GET /api/schedules/due': [],
  'POST /api/schedules/:id/pause': [],
  'POST /api/schedules/:id/resume': [],
  'POST /api/schedules/:id/stop': [],
  'POST /api/occurrences/:id/cancel': [],
  'GET /api/clients/:id/alerts': [],
  'POST /api/alerts/:id': ['state', 'note'],
  'GET /api/clients/:id/answers.csv': ['questionnaire', 'freeText'],
  'GET /api/clients/:id/answers.json': ['questionnaire', 'freeText'],
  'GET /api/clients/:id/fhir.json': [],
  'GET /api/reports/questionnaires': [],
  'GET /api/reports/change': ['questionnaire', 'scale', 'respondent', 'from', 'to'],
  'GET /api/reports/change.csv': ['questionnaire', 'scale', 'respondent', 'from', 'to'],
  'GET /api/respond/:token': [],
  'PUT /api/respond/:token': ['answers', 'version'],
  'POST /api/respond/:token/submit': ['answers', 'version'],
  'PUT /api/respond/:token/language': ['language'],
};

/** `METHOD /path` of a registered route; HEAD answers as its GET, a trailing slash as the bare path. */
function routeKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url.length > 1 ? url.replace(/\/$/, '') : url}`;
}

// CI runs at least 10 000 requests; a local run fewer, to share the machine.
const FUZZ_RUNS = process.env.CI === 'true' ? 10_000 : 1_500;

describe('every registered route under random requests (fast-check)', () => {
  it('has an input generator for every route the server registers', () => {
    const keys = new Set(registeredRoutes(t.app).map((r) => routeKey(r.method, r.url)));
    expect(keys.size).toBeGreaterThan(20);
    expect([...keys].filter((key) => !(key in ROUTE_FIELDS))).toEqual([]);
  });

  it(`answers ${FUZZ_RUNS} random requests (params, queries, bodies, content types, headers) with no 5xx and JSON errors`, async () => {
    const routes = registeredRoutes(t.app);
    const hits = new Map<string, number>();
    const param = fc.oneof(fc.constantFrom('own', 'uuid', 'garbage'), fc.string({ maxLength: 80 }));
    const body = fc.oneof(
      fc.constant<'fields'>('fields'),
      fc.tuple(fc.constant<'json'>('json'), fc.jsonValue({ maxDepth: 3 })),
      fc.tuple(
        fc.constant<'raw'>('raw'),
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.constantFrom('{', '{"a":', '[1,', '\u0000', '{"status":"draft"}}', 'null', '""'),
        ),
      ),
      fc.constant<'none'>('none'),
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'image/png',
      '',
    );
    const who = fc.oneof(
      { arbitrary: fc.constant('valid'), weight: 5 },
      { arbitrary: fc.constantFrom('none', 'other', 'garbage', 'cookie', 'admin'), weight: 3 },
    );
    // where the browser says the request comes from: the own page, another site, or no browser at all
    const browser = fc.constantFrom<Record<string, string>>(
      {},
      { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/x' },
    );
    const extraHeader = fc.option(
      fc.tuple(
        fc.constantFrom('x-forwarded-for', 'cookie', 'accept', 'x-admin-secret', 'origin', 'accept-encoding'),
        fc.string({ maxLength: 40 }).map((v) => v.replace(/[^\x20-\x7e]/g, '')),
      ),
    );
    // a section is an object of its form's own fields, with random values
    const sectionValues = fc.record(
      Object.fromEntries(
        SECTION_FIELDS.map(([section, names]) => [
          section,
          fc.dictionary(fc.constantFrom(...names), jsonValue, { maxKeys: 5 }),
        ]),
      ),
      { requiredKeys: [] },
    ) as fc.Arbitrary<Record<string, unknown>>;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        param,
        fc.array(fc.tuple(fc.string({ maxLength: 12 }), jsonValue), { maxLength: 6 }),
        body,
        contentType,
        who,
        language,
        extraHeader,
        browser,
        sectionValues,
        fc.option(fc.constantFrom('draft', 'submitted'), { nil: undefined }),
        async (r, id, extra, bodyKind, type, auth, lang, extraPair, from, sections, statusValue) => {
          const key = routeKey(r.method, r.url);
          hits.set(key, (hits.get(key) ?? 0) + 1);
          const fields = ROUTE_FIELDS[key] ?? [];
          const values: Record<string, unknown> = Object.fromEntries([
            ...fields.map((f, i) => [f, sections[f] ?? extra[i]?.[1] ?? 'x']),
            ...extra.map(([k, v]) => [k, v]),
          ]);
          if (fields.includes('status') && statusValue !== undefined) values.status = statusValue;
          const own =
            key.includes('client-intake') || key.includes('/api/clients')
              ? intakeId
              : key.includes('/api/responses')
                ? responseId
                : fileId;
          const idText =
            id === 'own'
              ? own
              : id === 'uuid'
                ? '00000000-0000-4000-8000-000000000000'
                : id === 'garbage'
                  ? '..%2F..%2Fetc'
                  : encodeURIComponent(id) || 'x';
          const url = r.url.replace(/:[A-Za-z]+/g, idText).replace(/\*$/, idText);
          const headers: Record<string, string> = {
            'accept-language': lang.replace(/[^\x20-\x7e]/g, ''),
          };
          if (auth === 'valid') Object.assign(headers, bearer(token));
          if (auth === 'other') Object.assign(headers, bearer(otherToken));
          if (auth === 'garbage') headers.authorization = 'Bearer ../../etc/passwd';
          if (auth === 'cookie') headers.cookie = `session=${token}; session=x`;
          if (auth === 'admin') headers['x-admin-secret'] = ADMIN_SECRET;
          Object.assign(headers, from);
          if (extraPair) headers[extraPair[0]] = extraPair[1];
          const query = Object.fromEntries(
            Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
          );
          let payload: string | undefined;
          if (r.method !== 'GET' && r.method !== 'HEAD') {
            if (bodyKind === 'fields') payload = JSON.stringify(values);
            else if (bodyKind !== 'none' && bodyKind[0] === 'json')
              payload = JSON.stringify(bodyKind[1]) ?? 'null';
            else if (bodyKind !== 'none') payload = bodyKind[1];
            if (payload !== undefined) headers['content-type'] = type || 'application/json';
          }
          const response = await t.app.inject({
            method: r.method as 'GET',
            url,
            query: r.method === 'GET' || r.method === 'HEAD' || bodyKind === 'none' ? query : {},
            headers,
            ...(payload === undefined ? {} : { payload }),
          });
          // keep the fuzz's own session and record alive for the requests that follow
          if (key === 'POST /api/auth/logout' && response.statusCode === 204)
            token = await logIn(t.app, email);
          // a random body can carry the account's password ('Str0ng!Pass' is one of the values tried)
          if (key === 'POST /api/account/delete' && response.statusCode === 200) await newAccount();
          if (key === 'DELETE /api/client-intake/:id' && response.statusCode === 204) {
            intakeId = await newIntake();
            responseId = await newResponse();
          }
          if (r.method === 'HEAD') {
            expect(response.statusCode, key).toBeLessThan(500);
            return;
          }
          expectContract(response);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
    // every registered route was tried
    expect(routes.map((r) => routeKey(r.method, r.url)).filter((k) => !hits.has(k))).toEqual([]);
  }, 900_000);
});

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
// createTestApp's PUBLIC_URL: the product's own origin in these tests
const OWN_ORIGIN = 'http://localhost:5173';

describe('writes under random origins and content types (ADR 102)', () => {
  const writes = () => registeredRoutes(t.app).filter((r) => WRITE_METHODS.includes(r.method));
  const foreignOrigin = fc.oneof(
    fc.webUrl().map((u) => new URL(u).origin),
    fc.constantFrom('null', 'http://localhost:5174', 'https://localhost:5173', 'http://localhost', 'x', ''),
  );

  it('refuses every write from any other origin with 403 CROSS_SITE_REQUEST, whatever its body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes()),
        foreignOrigin,
        fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', ''),
        fc.string({ maxLength: 30 }),
        async (r, origin, type, payload) => {
          fc.pre(origin !== OWN_ORIGIN);
          const response = await t.app.inject({
            method: r.method as 'POST',
            url: r.url.replace(/:[A-Za-z]+/g, 'x'),
            headers: { cookie: `session=${token}`, origin, ...(type ? { 'content-type': type } : {}) },
            payload,
          });
          expectContract(response);
          expect(response.statusCode, `${r.method} ${r.url} from ${origin}`).toBe(403);
          expect(response.json().code).toBe('CROSS_SITE_REQUEST');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers any content type but JSON (multipart on uploads) with 415 on POST, PUT and PATCH', async () => {
    const mediaType = fc.oneof(
      fc.constantFrom(
        'text/plain',
        'text/plain; charset=utf-8',
        'application/x-www-form-urlencoded',
        'application/xml',
        'application/jsonx',
        'application/vnd.api+json',
        'image/png',
        'text/json',
      ),
      fc
        .stringMatching(/^[a-z]{1,8}\/[a-z.+-]{1,12}$/)
        .filter((m) => m !== 'application/json' && m !== 'multipart/form-data'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes().filter((r) => r.method !== 'DELETE')),
        mediaType,
        fc.string({ maxLength: 30 }),
        async (r, type, payload) => {
          const response = await t.app.inject({
            method: r.method as 'POST',
            url: r.url.replace(/:[A-Za-z]+/g, 'x'),
            headers: { ...bearer(token), origin: OWN_ORIGIN, 'content-type': type },
            payload,
          });
          expectContract(response);
          expect(response.statusCode, `${r.method} ${r.url} as ${type}`).toBe(415);
          expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
        },
      ),
      { numRuns: 200 },
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
