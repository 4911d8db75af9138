import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/server/admin/commands';
import { DEFAULT_RETENTION } from '../../src/server/config';
import { DATA_CATEGORIES } from '../../src/server/privacy/categories';
import type { DataCategory } from '../../src/server/privacy/data-category';
import { runPurge } from '../../src/server/privacy/purge-job';
import { validSections } from '../fixtures/intake/sections';
import { as, createPractitioner, type Practitioner } from '../fixtures/intake/server';
import { STRONG_PASSWORD } from './support/fixtures';
import { latestMail, tokenOf } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let app: FastifyInstance;

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const CLIENT_TEXT = 'Geceleri kabus görüyor SİLME-İZ-4410';

beforeAll(async () => {
  t = await createTestApp({ purgeSchedule: false });
  app = t.app;
});

afterAll(async () => {
  await t?.close();
});

/** A practitioner (with the diploma the credentials sent) and one client record holding CLIENT_TEXT. */
async function practitionerWithData(lang = 'en') {
  const who = await createPractitioner(app, lang);
  if (lang === 'tr')
    await app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: who.headers,
      payload: { language: 'tr' },
    });
  const res = await as(app, who)('POST', '/', {
    demographics: { ...validSections.demographics, clientFirstName: 'Nilüfer' },
    complaintHistory: { ...validSections.complaintHistory, complaintDescription: CLIENT_TEXT },
    status: 'draft',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...who, recordId: res.json().id as string };
}

const deleteAccount = (who: Practitioner, password: unknown = STRONG_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/account/delete', headers: who.headers, payload: { password } });

const login = (who: Practitioner) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.email, password: STRONG_PASSWORD },
  });

async function held(userId: string) {
  const count = async (
    table: 'client_intakes' | 'files' | 'audit_entries' | 'sessions' | 'mail_outbox',
    column: string,
  ) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(
          app.db,
        )
      ).rows[0]!.n,
    );
  return {
    users: Number(
      (await sql<{ n: number }>`select count(*)::int as n from users where id = ${userId}`.execute(app.db))
        .rows[0]!.n,
    ),
    intakes: await count('client_intakes', 'practitioner_id'),
    files: await count('files', 'owner_id'),
    audit: await count('audit_entries', 'practitioner_id'),
    sessions: await count('sessions', 'user_id'),
    mails: await count('mail_outbox', 'account_id'),
  };
}

async function destructionLog() {
  return app.db
    .selectFrom('destruction_log')
    .select(['category', 'count', 'rule', 'created_at'])
    .orderBy('id')
    .execute();
}

describe('POST /api/account/delete', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const who = await createPractitioner(app);
    for (const password of ['Wr0ng!Pass', '']) {
      const res = await deleteAccount(who, password);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fields)).toEqual(['password']);
    }
    expect((await as(app, who)('GET', '/')).statusCode).toBe(200);
    expect((await login(who)).statusCode).toBe(200);
  });

  it('blocks sign-in at once, ends every session and mails a cancel link without health data', async () => {
    const who = await practitionerWithData('tr');
    const res = await deleteAccount(who);
    expect(res.statusCode, res.body).toBe(200);
    const due = new Date(res.json().deletionDueAt).getTime();
    expect(Math.abs(due - inDays(30).getTime())).toBeLessThan(60_000);

    expect((await as(app, who)('GET', '/')).statusCode).toBe(401);
    expect((await held(who.id)).sessions).toBe(0);
    const signIn = await login(who);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('ACCOUNT_DELETION_PENDING');

    const mail = await latestMail(app, who.email, 'accountDeletion');
    expect(mail.subject).toContain('silinecek');
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:5173\/cancel-deletion\?token=[A-Za-z0-9_-]{40,}$/);
    for (const text of [CLIENT_TEXT, 'Nilüfer', who.recordId]) {
      expect(mail.text + mail.html).not.toContain(text);
    }
    // the token is kept only as its hash
    const row = await app.db
      .selectFrom('users')
      .select('deletion_cancel_hash')
      .where('id', '=', who.id)
      .executeTakeFirstOrThrow();
    expect(row.deletion_cancel_hash).not.toBe(tokenOf(mail.links[0]!));
  });
});

describe('the purge after an account deletion', () => {
  it('keeps everything before the grace period ends and removes the account’s data after it', async () => {
    // accounts earlier tests asked to delete go first, so this run sees only the one below
    await runPurge(app.db, DEFAULT_RETENTION, inDays(31));
    const who = await practitionerWithData();
    const other = await practitionerWithData();
    expect((await deleteAccount(who)).statusCode).toBe(200);
    const before = await held(who.id);
    expect(before).toMatchObject({ users: 1, intakes: 1, files: 1, mails: 3 });
    expect(before.audit).toBeGreaterThan(0);

    // only the addresses of mail delivered more than MAIL_RETENTION_DAYS ago are blanked meanwhile
    expect(await runPurge(app.db, DEFAULT_RETENTION, inDays(29))).toMatchObject({
      ran: true,
      purged: [{ category: 'mails', rule: 'mail-retention' }],
    });
    expect(await held(who.id)).toEqual(before);

    const logBefore = (await destructionLog()).length;
    const outcome = await runPurge(app.db, DEFAULT_RETENTION, inDays(31));
    expect(outcome.ran).toBe(true);
    expect(await held(who.id)).toEqual({ users: 0, intakes: 0, files: 0, audit: 0, sessions: 0, mails: 0 });
    expect((await held(other.id)).intakes).toBe(1);

    const log = (await destructionLog()).slice(logBefore);
    expect(log.map((l) => [l.category, l.count, l.rule])).toEqual([
      ['intake-records', 1, 'account-deletion'],
      ['uploaded-files', 1, 'account-deletion'],
      ['audit-entries', before.audit, 'account-deletion'],
      ['consents', 3, 'account-deletion'],
      ['mails', 3, 'account-deletion'],
      ['account', 1, 'account-deletion'],
    ]);
    // the log says what and how much, never whose
    const dump = JSON.stringify(await app.db.selectFrom('destruction_log').selectAll().execute());
    for (const text of [who.id, who.email, who.recordId, CLIENT_TEXT]) expect(dump).not.toContain(text);
  });

  it('is cancelled by the mailed link: sign-in works again and the purge leaves the account', async () => {
    const who = await practitionerWithData();
    expect((await deleteAccount(who)).statusCode).toBe(200);
    const link = (await latestMail(app, who.email, 'accountDeletion')).links[0]!;
    const cancel = () =>
      app.inject({ method: 'POST', url: '/api/account/cancel-deletion', payload: { token: tokenOf(link) } });
    const res = await cancel();
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(who)).statusCode).toBe(200);
    const again = await cancel();
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_LINK');

    await runPurge(app.db, DEFAULT_RETENTION, inDays(31));
    expect(await held(who.id)).toMatchObject({ users: 1, intakes: 1, files: 1 });
  });

  it('refuses an unknown cancel token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/cancel-deletion',
      payload: { token: 'x'.repeat(43) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_LINK');
  });

  it('finishes after a crash part-way: each account goes whole or not at all, the next run does the rest', async () => {
    const first = await practitionerWithData();
    const second = await practitionerWithData();
    for (const who of [first, second]) expect((await deleteAccount(who)).statusCode).toBe(200);
    let calls = 0;
    // the files step of whichever account comes second fails, as a process killed there would stop
    const crashing: DataCategory[] = DATA_CATEGORIES.map((category) =>
      category.name === 'uploaded-files'
        ? {
            ...category,
            async purgeAccount(tx, id) {
              calls += 1;
              if (calls === 2) throw new Error('crash');
              return category.purgeAccount(tx, id);
            },
          }
        : category,
    );
    await expect(runPurge(app.db, DEFAULT_RETENTION, inDays(31), crashing)).rejects.toThrow('crash');
    const after = [await held(first.id), await held(second.id)].sort((a, b) => a.users - b.users);
    expect(after[0]).toEqual({ users: 0, intakes: 0, files: 0, audit: 0, sessions: 0, mails: 0 });
    expect(after[1]).toMatchObject({ users: 1, intakes: 1, files: 1 });
    // the lease of the crashed run was given back; the next run purges the rest
    await runPurge(app.db, DEFAULT_RETENTION, inDays(31));
    expect(await held(first.id)).toMatchObject({ users: 0, intakes: 0, files: 0 });
    expect(await held(second.id)).toMatchObject({ users: 0, intakes: 0, files: 0 });
  });
});

describe('the purge of records', () => {
  it('purges a deleted client record after the grace period, not before', async () => {
    const who = await practitionerWithData();
    expect((await as(app, who)('DELETE', `/${who.recordId}`)).statusCode).toBe(204);
    expect((await as(app, who)('GET', `/${who.recordId}`)).statusCode).toBe(404);
    const exists = async () =>
      (await app.db.selectFrom('client_intakes').select('id').where('id', '=', who.recordId).execute())
        .length;
    await runPurge(app.db, DEFAULT_RETENTION, inDays(29));
    expect(await exists()).toBe(1);
    const logBefore = (await destructionLog()).length;
    await runPurge(app.db, DEFAULT_RETENTION, inDays(31));
    expect(await exists()).toBe(0);
    expect((await destructionLog()).slice(logBefore).map((l) => [l.category, l.rule])).toContainEqual([
      'intake-records',
      'deleted-record-grace-period',
    ]);
  });

  it('purges records untouched for the retention period, and audit entries older than it', async () => {
    const who = await practitionerWithData();
    const fresh = await practitionerWithData();
    const old = new Date(Date.now() - (10 * 365 + 10) * DAY);
    await app.db
      .updateTable('client_intakes')
      .set({ updated_at: old })
      .where('id', '=', who.recordId)
      .execute();
    await app.db
      .updateTable('audit_entries')
      .set({ created_at: old })
      .where('practitioner_id', '=', who.id)
      .execute();
    const logBefore = (await destructionLog()).length;
    await runPurge(app.db, DEFAULT_RETENTION);
    expect(await held(who.id)).toMatchObject({ users: 1, intakes: 0, audit: 0 });
    expect((await held(fresh.id)).intakes).toBe(1);
    expect((await destructionLog()).slice(logBefore).map((l) => [l.category, l.rule])).toEqual([
      ['intake-records', 'retention-period'],
      ['audit-entries', 'retention-period'],
    ]);
  });

  it('keeps destruction-log entries 3 years', async () => {
    // an entry of its own: a deleted client record purged after its grace period
    const who = await practitionerWithData();
    expect((await as(app, who)('DELETE', `/${who.recordId}`)).statusCode).toBe(204);
    await runPurge(app.db, DEFAULT_RETENTION, inDays(31));
    expect((await destructionLog()).length).toBeGreaterThan(0);
    await runPurge(app.db, DEFAULT_RETENTION, new Date(Date.now() + 2 * 365 * DAY));
    expect((await destructionLog()).length).toBeGreaterThan(0);
    // moving on four years: every user-triggered entry so far is past its 3 years; new ones may be written
    const oldest = (await destructionLog())[0]!.created_at;
    await runPurge(app.db, DEFAULT_RETENTION, new Date(Date.now() + 4 * 365 * DAY));
    expect((await destructionLog()).every((l) => l.created_at > oldest)).toBe(true);
  });
});

describe('one purge at a time', () => {
  it('does nothing while another instance holds the lease, and takes over a lease its holder left to expire', async () => {
    const who = await practitionerWithData();
    expect((await deleteAccount(who)).statusCode).toBe(200);
    await sql`insert into job_leases (name, holder, until) values ('purge', 'other-instance', now() + interval '5 minutes')`.execute(
      app.db,
    );
    expect(await runPurge(app.db, DEFAULT_RETENTION, inDays(31))).toEqual({ ran: false });
    expect((await held(who.id)).users).toBe(1);
    // the other instance crashed: its lease ends by itself
    await sql`update job_leases set until = now() - interval '1 second' where name = 'purge'`.execute(app.db);
    expect((await runPurge(app.db, DEFAULT_RETENTION, inDays(31))).ran).toBe(true);
    expect((await held(who.id)).users).toBe(0);
    expect(await app.db.selectFrom('job_leases').selectAll().execute()).toEqual([]);
  });
});

describe('npm run admin -- deletions / purge', () => {
  const admin = (...args: string[]) => runAdminCommand({ db: app.db, keys: app.keys }, args);

  it('lists pending deletions with their dates, and runs the purge', async () => {
    const who = await createPractitioner(app);
    expect((await deleteAccount(who)).statusCode).toBe(200);
    const listed = (await admin('deletions')).output;
    expect(listed).toMatch(/account deletion\(s\) pending, soonest first:/);
    expect(listed).toContain(who.email);
    expect((await admin('purge')).output).toMatch(/^Purge done/);
    // not due yet: still pending
    expect((await admin('deletions')).output).toContain(who.email);
  });
});
