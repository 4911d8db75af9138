/**
 * A database holding every kind of record, made through the API as people make them: accounts in each state,
 * clients (draft, submitted, deleted), responses (draft, submitted, flagged, corrected), respondent links in each
 * state with replaced tokens, measurement schedules with their sendings, audit entries, mail and files. The
 * backup's restore comparison and the upgrade fixture (tests/upgrade) are both made with it, so it uses nothing
 * but the API, the operator commands and, where the API cannot reach back in time, one plain SQL statement.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { runAdminCommand } from '../../../src/server/admin/commands';
import { runPurge } from '../../../src/server/privacy/purge-job';
import { validSections } from '../../fixtures/intake/sections';
import { newClientRecord, type Practitioner } from '../../fixtures/intake/server';
import { PNG, STRONG_PASSWORD, step2Body } from './fixtures';
import { signUp, uploadFile, verifiedUser } from './flows';

// everyday-feelings: m6 is the critical item (a flag from "sometimes" up)
const CALM = {
  w1: 'never',
  w2: 'sometimes',
  w3: 'never',
  w4: 'often',
  w5: 'never',
  w6: 'sometimes',
  m1: 'never',
  m2: 'sometimes',
  m3: 'often',
  m4: 'never',
  m5: 'never',
  m6: 'never',
};
const CRITICAL = { ...CALM, m6: 'always' };
const ROUTINES = {
  r1: 'aLittle',
  r2: 'notAtAll',
  r3: 'quiteALot',
  r4: 'aLittle',
  r5: 'veryMuch',
  r6: 'aLittle',
  r7: 'notAtAll',
  r8: 'aLittle',
  r9: 'no',
};

export interface EveryRecord {
  /** Practitioners who hold clients, with the password they log in with. */
  practitioners: Array<{ email: string; password: string; clients: string[] }>;
  /** Accounts by state (the e-mail of each). */
  accounts: Record<string, string>;
  /** The client of the case: 4 respondent links and 1 schedule. */
  caseClient: string;
  /** A response submitted with a critical answer before answers were marked (its attention times cleared). */
  unmarkedCritical: string;
}

/** An operator command as the running server runs it (mail through the server's mailer). */
async function operator(app: FastifyInstance, args: string[]) {
  return runAdminCommand(
    {
      db: app.db,
      keys: app.keys,
      retention: app.config.retention,
      catalog: app.questionnaires,
      mail: {
        send: (message, accountId) => app.mailer.send(message, accountId),
        t: app.mailT,
        config: app.config,
      },
    },
    args,
  );
}

/** The diploma and sign-up step 2: the account is profile_completed, awaiting review. */
async function sendCredentials(app: FastifyInstance, token: string) {
  expect((await uploadFile(app, token, 'diploma')).statusCode).toBe(201);
  const step2 = await app.inject({
    method: 'POST',
    url: '/api/auth/signup/step2',
    payload: step2Body(),
    headers: { authorization: `Bearer ${token}` },
  });
  expect(step2.statusCode, step2.body).toBe(200);
}

/** Signed up, verified, credentials sent, approved by the operator, logged in. */
async function createPractitioner(app: FastifyInstance, lang = 'en'): Promise<Practitioner> {
  const { email, token } = await verifiedUser(app);
  await sendCredentials(app, token);
  await operator(app, ['approve', email]);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: STRONG_PASSWORD, rememberMe: false },
  });
  expect(login.statusCode, login.body).toBe(200);
  const user = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    email,
    id: user.id,
    headers: { authorization: `Bearer ${login.json().accessToken}`, 'accept-language': lang },
  };
}

function api(app: FastifyInstance, who: Practitioner) {
  return async (method: InjectOptions['method'], url: string, payload?: unknown, status?: number) => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: who.headers,
      ...(payload === undefined ? (method === 'GET' ? {} : { payload: {} }) : { payload: payload as never }),
    });
    if (status !== undefined) expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    else expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.body ? res.json() : undefined;
  };
}

function respondent(app: FastifyInstance, token: string, code?: string) {
  return (method: InjectOptions['method'], path = '', payload?: unknown) =>
    app.inject({
      method,
      url: `/api/respond/${token}${path}`,
      headers: code === undefined ? {} : { 'x-link-code': code },
      ...(payload === undefined ? (method === 'GET' ? {} : { payload: {} }) : { payload: payload as never }),
    });
}

/** Fills the database of `app` with every kind of record; `runSender` runs the schedule sender once. */
export async function seedEveryRecord(
  app: FastifyInstance,
  runSender: () => Promise<unknown>,
): Promise<EveryRecord> {
  const accounts: Record<string, string> = {};
  accounts.pending_verification = (await signUp(app)).email;
  const verified = await verifiedUser(app);
  accounts.email_verified = verified.email;
  const completed = await verifiedUser(app);
  await sendCredentials(app, completed.token);
  accounts.profile_completed = completed.email;
  const reviewed = await verifiedUser(app);
  await sendCredentials(app, reviewed.token);
  await operator(app, ['review', reviewed.email]);
  accounts.under_review = reviewed.email;
  const rejected = await verifiedUser(app);
  await sendCredentials(app, rejected.token);
  await operator(app, ['reject', rejected.email]);
  accounts.rejected = rejected.email;
  const suspended = await createPractitioner(app);
  await operator(app, ['suspend', suspended.email]);
  accounts.suspended = suspended.email;

  const alice = await createPractitioner(app);
  const bob = await createPractitioner(app, 'tr');
  accounts.approved = alice.email;
  const photo = { data: PNG, filename: 'me.png', type: 'image/png' };
  expect((await uploadFile(app, alice.headers.authorization!.slice(7), 'photo', photo)).statusCode).toBe(201);
  // an account whose owner asked for its deletion (still in its grace period)
  const leaving = await createPractitioner(app);
  await newClientRecord(app, leaving, { ...validSections.demographics, clientFirstName: 'Leyla' });
  await api(app, leaving)('POST', '/account/delete', { password: STRONG_PASSWORD });
  accounts.deletion_requested = leaving.email;

  const as = api(app, alice);
  // the case: a client with 3 links made by hand, 1 schedule whose first sending makes the 4th
  const caseClient = await newClientRecord(app, alice, {
    ...validSections.demographics,
    clientFirstName: 'Deniz',
  });
  const link = (client: string, extra: Record<string, unknown> = {}) =>
    as('POST', `/clients/${client}/links`, {
      questionnaireId: 'home-routines',
      respondent: 'guardian',
      language: 'tr',
      label: 'Ada',
      ...extra,
    }) as Promise<{ link: { id: string; responseId: string }; url: string; code: string | null }>;
  const tokenOf = (made: { url: string }) => made.url.split('/r/')[1]!;
  await link(caseClient);
  const mailed = await link(caseClient);
  await as('POST', `/links/${mailed.link.id}/send`, { email: 'parent@example.com' });
  await as('POST', `/links/${mailed.link.id}/send`); // a reminder: the first token is replaced
  const answered = await link(caseClient);
  expect((await respondent(app, tokenOf(answered))('GET')).statusCode).toBe(200);
  const submitted = await respondent(app, tokenOf(answered))('POST', '/submit', { answers: ROUTINES });
  expect(submitted.statusCode, submitted.body).toBe(200);
  await as('POST', `/clients/${caseClient}/schedules`, {
    questionnaireId: 'home-routines',
    respondent: 'guardian',
    language: 'tr',
    email: 'guardian@example.com',
    everyWeeks: 2,
    startOn: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date()),
    times: 3,
    remindAfterDays: 3,
  });
  await runSender();

  // links of every other state, on a submitted client
  const full = await as('POST', '/client-intake', { ...validSections, status: 'submitted' }, 201);
  const other = full.id as string;
  const opened = await link(other, { withCode: true });
  expect((await respondent(app, tokenOf(opened), opened.code!)('GET')).statusCode).toBe(200);
  const revoked = await link(other);
  await as('POST', `/links/${revoked.link.id}/revoke`);
  const locked = await link(other, { withCode: true });
  const wrong = locked.code === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) await respondent(app, tokenOf(locked), wrong)('GET');
  const expired = await link(other);
  await sql`update respondent_links set expires_at = now() - interval '1 day' where id = ${expired.link.id}`.execute(
    app.db,
  );
  const flaggedByLink = await as('POST', `/clients/${other}/links`, {
    questionnaireId: 'everyday-feelings',
    respondent: 'self',
    language: 'en',
  });
  expect(
    (await respondent(app, tokenOf(flaggedByLink))('POST', '/submit', { answers: CRITICAL })).statusCode,
  ).toBe(200);
  // a paused and a stopped schedule
  for (const change of ['pause', 'stop']) {
    const made = await as('POST', `/clients/${other}/schedules`, {
      questionnaireId: 'home-routines',
      respondent: 'guardian',
      language: 'en',
      email: `${change}@example.com`,
      everyWeeks: 4,
      startOn: '2099-01-05',
      times: 2,
    });
    await as('POST', `/schedules/${made.schedule.id}/${change}`);
  }

  // responses in session: a draft, a calm one and its correction, a flagged one, and one flagged before
  // critical answers were marked (the times 009 added are cleared, as they were for such a response)
  const give = async (client: string, questionnaireId: string) =>
    (await as('POST', `/clients/${client}/responses`, { questionnaireId, language: 'en' }, 201)).id as string;
  const draft = await give(other, 'everyday-feelings');
  await as('PUT', `/responses/${draft}`, { answers: { w1: 'often' } });
  const calm = await give(other, 'everyday-feelings');
  await as('POST', `/responses/${calm}/submit`, { answers: CALM });
  const correction = (
    await as('POST', `/clients/${other}/responses`, {
      questionnaireId: 'everyday-feelings',
      language: 'en',
      replaces: calm,
    })
  ).id as string;
  await as('POST', `/responses/${correction}/submit`, { answers: { ...CALM, w1: 'sometimes' } });
  const critical = await give(caseClient, 'everyday-feelings');
  await as('POST', `/responses/${critical}/submit`, { answers: CRITICAL });
  const unmarkedCritical = await give(other, 'everyday-feelings');
  await as('POST', `/responses/${unmarkedCritical}/submit`, { answers: CRITICAL });
  // (only on a schema that still keeps those times on the response: the releases the upgrade fixture comes from)
  const { rows: times } = await sql`select 1 from information_schema.columns
    where table_schema = current_schema() and table_name = 'questionnaire_responses'
      and column_name = 'attention_raised_at'`.execute(app.db);
  if (times.length > 0) {
    await sql`update questionnaire_responses set attention_raised_at = null, attention_seen_at = null
      where id = ${unmarkedCritical}`.execute(app.db);
  }
  // a flagged response the practitioner opened
  const seen = await give(other, 'everyday-feelings');
  await as('POST', `/responses/${seen}/submit`, { answers: CRITICAL });
  await as('GET', `/responses/${seen}`);
  await as('POST', `/clients/${other}/links/seen`);

  // a deleted client (in its grace period), and bob's client
  const gone = await newClientRecord(app, alice, { ...validSections.demographics, clientFirstName: 'Kaan' });
  await app.inject({ method: 'DELETE', url: `/api/client-intake/${gone}`, headers: alice.headers });
  // and one deleted long ago, past its grace period: the purge destroys it and logs that it did
  const old = await newClientRecord(app, alice, { ...validSections.demographics, clientFirstName: 'Mert' });
  await app.inject({ method: 'DELETE', url: `/api/client-intake/${old}`, headers: alice.headers });
  await sql`update client_intakes set deleted_at = now() - interval '400 days' where id = ${old}`.execute(
    app.db,
  );
  const purge = await runPurge(app.db, app.config.retention);
  expect(purge.ran).toBe(true);
  const bobs = await newClientRecord(app, bob, { ...validSections.demographics, clientFirstName: 'Ece' });
  await api(app, bob)('POST', `/clients/${bobs}/links`, {
    questionnaireId: 'home-routines',
    respondent: 'guardian',
    language: 'en',
  });

  return {
    practitioners: [
      { email: alice.email, password: STRONG_PASSWORD, clients: [caseClient, other] },
      { email: bob.email, password: STRONG_PASSWORD, clients: [bobs] },
    ],
    accounts,
    caseClient,
    unmarkedCritical,
  };
}
