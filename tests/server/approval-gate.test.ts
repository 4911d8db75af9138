import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/server/admin/commands';
import { queuedReviewMailer } from '../../src/server/admin/review-mail';
import { loadConfig } from '../../src/server/config';
import { ERROR_CODES } from '../../src/shared';
import { step2Body } from './support/fixtures';
import { bearer, logIn, outbox, signUp, uploadFile, verifyByLink } from './support/flows';
import { type RegisteredRoute, registeredRoutes } from './support/routes';
import { createTestApp, type TestApp } from './support/test-app';

const ADMIN_SECRET = 'approval-admin-secret-'.padEnd(40, 'x');

/** The areas holding client data: every route under them needs an approved account (ADR 105). */
const CLIENT_DATA_AREAS = [
  '/api/client-intake',
  '/api/clients',
  '/api/responses',
  '/api/links',
  '/api/schedules',
  '/api/occurrences',
  '/api/reports',
  '/api/alerts',
];
/** Account, sign-up, public and operator areas: open to an account whose credentials are not reviewed yet. */
const OPEN_AREAS = [
  '/api/auth/',
  '/api/account/',
  '/api/files/',
  '/api/config',
  '/api/health/',
  '/api/dev/',
  '/api/admin/',
  '/api/respond/',
  '/api/questionnaires',
];

const under = (url: string, areas: string[]) =>
  areas.some((area) => url === area || url.startsWith(area.endsWith('/') ? area : `${area}/`));
const apiRoutes = (t: TestApp) =>
  registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
const withIds = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

/** A request to a route the way the client sends it: JSON on writes, a bearer token. */
function call(t: TestApp, route: RegisteredRoute, token: string, lang = 'en') {
  const write = route.method !== 'GET' && route.method !== 'DELETE';
  return t.app.inject({
    method: route.method as 'GET',
    url: withIds(route.url),
    headers: { ...bearer(token), 'accept-language': lang },
    ...(write ? { payload: {} } : {}),
  });
}

/** Signs up in a language, verifies, logs in, sends the credentials: status profile_completed, never reviewed. */
async function applicant(t: TestApp, lang: 'en' | 'tr' = 'en') {
  const { email, password } = await signUp(t.app, {}, lang);
  await verifyByLink(t.app, email);
  const token = await logIn(t.app, email, password);
  const diploma = await uploadFile(t.app, token, 'diploma');
  expect(diploma.statusCode, diploma.body).toBe(201);
  const step2 = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup/step2',
    payload: step2Body(),
    headers: bearer(token),
  });
  expect(step2.statusCode, step2.body).toBe(200);
  return { email, password, token, diplomaId: diploma.json().file.id as string };
}

function adminRun(t: TestApp, ...args: string[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/run',
    headers: { 'x-admin-secret': ADMIN_SECRET },
    payload: { args },
  });
}

describe('REQUIRE_APPROVAL default', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://psy.example',
    DATA_KEY: randomBytes(32).toString('hex'),
  };

  it('is on when NODE_ENV=production', () => {
    expect(loadConfig(production).requireApproval).toBe(true);
  });

  it('is off in production only when REQUIRE_APPROVAL=false says so', () => {
    expect(loadConfig({ ...production, REQUIRE_APPROVAL: 'false' }).requireApproval).toBe(false);
  });

  it('is off in development and test unless REQUIRE_APPROVAL=true', () => {
    expect(loadConfig({}).requireApproval).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).requireApproval).toBe(false);
    expect(loadConfig({ REQUIRE_APPROVAL: 'true' }).requireApproval).toBe(true);
  });

  it('refuses a value that is not true or false, naming the variable', () => {
    expect(() => loadConfig({ REQUIRE_APPROVAL: 'sometimes' })).toThrow(/REQUIRE_APPROVAL/);
  });
});

describe('with REQUIRE_APPROVAL on', () => {
  let t: TestApp;
  let unreviewed: Awaited<ReturnType<typeof applicant>>;
  let approvedToken: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUIRE_APPROVAL: 'true' }, adminSecret: ADMIN_SECRET });
    unreviewed = await applicant(t);
    const approved = await applicant(t);
    expect((await adminRun(t, 'approve', approved.email)).statusCode).toBe(200);
    approvedToken = approved.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/config tells the client', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().requireApproval).toBe(true);
  });

  it('every registered route is either client data or an open account area', () => {
    const routes = apiRoutes(t);
    expect(routes.filter((r) => under(r.url, CLIENT_DATA_AREAS)).length).toBeGreaterThan(20);
    const unclassified = routes.filter((r) => under(r.url, CLIENT_DATA_AREAS) === under(r.url, OPEN_AREAS));
    expect(unclassified, 'classify each new route in approval-gate.test.ts').toEqual([]);
  });

  it('answers 403 ACCOUNT_NOT_APPROVED, in English and Turkish, on every client-data route', async () => {
    const routes = apiRoutes(t).filter((r) => under(r.url, CLIENT_DATA_AREAS));
    for (const route of routes) {
      const en = await call(t, route, unreviewed.token, 'en');
      expect(`${route.method} ${route.url} ${en.statusCode} ${en.json().code}`).toBe(
        `${route.method} ${route.url} 403 ${ERROR_CODES.ACCOUNT_NOT_APPROVED}`,
      );
      expect(en.json().message).toMatch(/approved/);
      const tr = await call(t, route, unreviewed.token, 'tr');
      expect(tr.statusCode).toBe(403);
      expect(tr.json().message).toMatch(/onaylandığında/);
    }
  });

  it('lets an approved account through every client-data route', async () => {
    const routes = apiRoutes(t).filter((r) => under(r.url, CLIENT_DATA_AREAS));
    for (const route of routes) {
      const response = await call(t, route, approvedToken);
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      expect(response.json().code, `${route.method} ${route.url}`).not.toBe(ERROR_CODES.ACCOUNT_NOT_APPROVED);
    }
    const clients = await t.app.inject({
      method: 'GET',
      url: '/api/clients',
      headers: bearer(approvedToken),
    });
    expect(clients.statusCode).toBe(200);
  });

  it('still answers 401 without a session, before the review is looked at', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/client-intake' });
    expect(response.statusCode).toBe(401);
  });

  it('never answers ACCOUNT_NOT_APPROVED on the open account routes', async () => {
    const routes = apiRoutes(t).filter((r) => under(r.url, OPEN_AREAS));
    const other = await applicant(t);
    for (const route of routes) {
      // logout and the like may end the session: each request gets its own
      const token = await logIn(t.app, other.email, other.password);
      const response = await call(t, route, token);
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      if (response.headers['content-type']?.toString().includes('json')) {
        expect(response.json().code, `${route.method} ${route.url}`).not.toBe(
          ERROR_CODES.ACCOUNT_NOT_APPROVED,
        );
      }
    }
  });

  it('keeps the account area open: profile, sign-up step 3, language, own files, data download, deletion', async () => {
    // an applicant of its own: the deletion at the end ends its sessions
    const { token, diplomaId, password } = await applicant(t);
    const headers = bearer(token);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.accountStatus).toBe('profile_completed');
    const step3 = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/step3',
      headers,
      payload: { biography: 'Çocuk ve ergenlerle çalışıyorum.' },
    });
    expect(step3.statusCode, step3.body).toBe(200);
    const language = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers,
      payload: { language: 'tr' },
    });
    expect(language.statusCode, language.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${diplomaId}`, headers })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/questionnaires', headers })).statusCode).toBe(200);
    const deletion = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers,
      payload: { password },
    });
    expect(deletion.statusCode, deletion.body).toBeLessThan(300);
  });
});

describe('with REQUIRE_APPROVAL off (development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUIRE_APPROVAL: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens client data to an account that was never reviewed, and says so in GET /api/config', async () => {
    const { token } = await applicant(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().requireApproval).toBe(false);
    const clients = await t.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) });
    expect(clients.statusCode).toBe(200);
  });
});

describe('approving and rejecting mail the account in its language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REQUIRE_APPROVAL: 'true', SUPPORT_EMAIL: 'destek@psy.example' },
      adminSecret: ADMIN_SECRET,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const secretsOf = async (email: string) => {
    const user = await t.app.db
      .selectFrom('users')
      .select(['password_hash', 'national_id_encrypted'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return [user.password_hash, user.national_id_encrypted ?? '', step2Body().nationalId as string];
  };

  it.each([
    ['en', /is approved/, 'Patients and client intakes are now open to you.'],
    ['tr', /onaylandı/, 'Danışanlar bölümü ve danışan ön görüşmeleri artık size açık.'],
  ] as const)(
    'approve (%s): the approval mail with a sign-in link, and client data opens',
    async (lang, subject, text) => {
      const { email, token } = await applicant(t, lang);
      const response = await adminRun(t, 'approve', email);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().output).toContain(`${email}: profile_completed -> approved (mail queued`);
      const mails = (await outbox(t.app, email)).filter((m) => m.kind === 'accountApproved');
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toMatch(subject);
      expect(mail.text).toContain(text);
      expect(mail.links).toEqual([`${t.config.publicUrl}/login`]);
      for (const secret of await secretsOf(email)) expect(mail.text).not.toContain(secret);
      const clients = await t.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) });
      expect(clients.statusCode).toBe(200);
    },
  );

  it.each([
    ['en', /was not approved/, 'write to destek@psy.example'],
    ['tr', /onaylanmadı/, 'destek@psy.example adresine yazın'],
  ] as const)(
    'reject (%s): the rejection mail says how to reach support, and client data stays closed',
    async (lang, subject, text) => {
      const { email, token } = await applicant(t, lang);
      expect((await adminRun(t, 'reject', email)).statusCode).toBe(200);
      const mail = (await outbox(t.app, email)).find((m) => m.kind === 'accountRejected');
      expect(mail?.subject).toMatch(subject);
      expect(mail?.text).toContain(text);
      expect(mail?.links).toEqual([]);
      for (const secret of await secretsOf(email)) expect(mail?.text).not.toContain(secret);
      const clients = await t.app.inject({ method: 'GET', url: '/api/clients', headers: bearer(token) });
      expect(clients.json().code).toBe(ERROR_CODES.ACCOUNT_NOT_APPROVED);
    },
  );

  it('sends no mail when the transition is refused', async () => {
    const { email } = await applicant(t);
    await adminRun(t, 'reject', email);
    expect((await adminRun(t, 'approve', email)).statusCode).toBe(400);
    expect((await outbox(t.app, email)).filter((m) => m.kind === 'accountApproved')).toEqual([]);
  });

  it('from the command line, queues the mail: pending for SMTP, in the outbox otherwise', async () => {
    const { email: first } = await applicant(t, 'tr');
    const { email: second } = await applicant(t);
    const run = (smtpUrl: string | undefined, ...args: string[]) =>
      runAdminCommand(
        {
          db: t.app.db,
          keys: t.app.keys,
          mail: queuedReviewMailer(t.app.db, t.app.mailT, { ...t.config, smtpUrl }),
        },
        args,
      );
    expect((await run('smtp://127.0.0.1:1', 'approve', first)).output).toContain('mail queued, Turkish');
    expect((await run(undefined, 'reject', second)).output).toContain('mail queued, English');
    const rows = await t.app.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'kind', 'status', 'subject'])
      .where('recipient', 'in', [first, second])
      .where('kind', 'in', ['accountApproved', 'accountRejected'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        recipient: first,
        kind: 'accountApproved',
        status: 'pending',
        subject: expect.stringMatching(/onaylandı/),
      },
      {
        recipient: second,
        kind: 'accountRejected',
        status: 'sent',
        subject: expect.stringMatching(/not approved/),
      },
    ]);
  });

  it('refuses to approve without a way to mail the account', async () => {
    const { email } = await applicant(t);
    await expect(runAdminCommand({ db: t.app.db, keys: t.app.keys }, ['approve', email])).rejects.toThrow(
      /needs a mailer/,
    );
  });
});
