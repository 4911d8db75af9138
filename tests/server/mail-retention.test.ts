import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/server/admin/commands';
import { DEFAULT_RETENTION } from '../../src/server/config';
import { runPurge } from '../../src/server/privacy/purge-job';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, type Practitioner } from '../fixtures/intake/server';
import { STRONG_PASSWORD } from './support/fixtures';
import { readZip } from './support/read-zip';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let app: FastifyInstance;

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

beforeAll(async () => {
  t = await createTestApp({ purgeSchedule: false });
  app = t.app;
});

afterAll(async () => {
  await t?.close();
});

/** A practitioner whose client's guardian was mailed a respondent link at `guardian`. */
async function practitionerWithGuardianMail(guardian: string): Promise<Practitioner & { linkUrl: string }> {
  const who = await createPractitioner(app);
  const api = (method: 'POST', url: string, payload: unknown) =>
    app.inject({ method, url: `/api${url}`, headers: who.headers, payload: payload as object });
  const client = await api('POST', '/client-intake', {
    demographics: validSections.demographics,
    status: 'draft',
  });
  expect(client.statusCode, client.body).toBe(201);
  const link = await api('POST', `/clients/${client.json().id}/links`, {
    questionnaireId: 'home-routines',
    respondent: 'guardian',
    language: 'en',
    label: 'Ada',
  });
  expect(link.statusCode, link.body).toBe(201);
  const sent = await api('POST', `/links/${link.json().link.id}/send`, { email: guardian });
  expect(sent.statusCode, sent.body).toBe(200);
  return { ...who, linkUrl: sent.json().url as string };
}

const mailsTo = (address: string) =>
  app.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', address).execute();

const mailsOf = (accountId: string) =>
  app.db.selectFrom('mail_outbox').selectAll().where('account_id', '=', accountId).orderBy('id').execute();

async function destructionLogSince(id: number) {
  const rows = await app.db
    .selectFrom('destruction_log')
    .select(['id', 'category', 'count', 'rule'])
    .where(sql<boolean>`id > ${id}`)
    .orderBy('id')
    .execute();
  return rows.map((r) => [r.category, r.count, r.rule]);
}

async function lastLogId() {
  const row = await app.db
    .selectFrom('destruction_log')
    .select(sql<number>`coalesce(max(id), 0)::int`.as('id'))
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the mail outbox names the account each mail is about', () => {
  it('files the practitioner’s own mail and the guardian’s link mail under the practitioner', async () => {
    const who = await practitionerWithGuardianMail('guardian.files@example.com');
    const kinds = (await mailsOf(who.id)).map((m) => [m.kind, m.recipient]);
    expect(kinds).toEqual([
      ['verification', who.email],
      ['accountApproved', who.email],
      ['respondentLink', 'guardian.files@example.com'],
    ]);
  });
});

describe('the retention of finished mail (MAIL_RETENTION_DAYS)', () => {
  it('blanks recipient, subject, text and links of delivered mail after the period, and counts it', async () => {
    await runPurge(app.db, DEFAULT_RETENTION, inDays(DEFAULT_RETENTION.mailRetentionDays + 1));
    const who = await practitionerWithGuardianMail('guardian.retention@example.com');
    expect(DEFAULT_RETENTION.mailRetentionDays).toBe(7);

    await runPurge(app.db, DEFAULT_RETENTION, inDays(6));
    expect(await mailsTo('guardian.retention@example.com')).toHaveLength(1);

    const logBefore = await lastLogId();
    await runPurge(app.db, DEFAULT_RETENTION, inDays(8));
    expect(await mailsTo('guardian.retention@example.com')).toEqual([]);
    const kept = await mailsOf(who.id);
    expect(kept.map((m) => [m.kind, m.status, m.recipient, m.subject, m.text, m.html, m.links])).toEqual([
      ['verification', 'sent', '', '', '', '', []],
      ['accountApproved', 'sent', '', '', '', '', []],
      ['respondentLink', 'sent', '', '', '', '', []],
    ]);
    expect(await destructionLogSince(logBefore)).toEqual([['mails', 3, 'mail-retention']]);
    // the log says how many, never whose
    const dump = JSON.stringify(await app.db.selectFrom('destruction_log').selectAll().execute());
    for (const text of [who.id, who.email, 'guardian.retention@example.com'])
      expect(dump).not.toContain(text);
  });

  it('follows the operator’s period, blanks a mail given up on, and leaves mail still waiting alone', async () => {
    const who = await createPractitioner(app);
    const queued = (status: 'pending' | 'failed') => ({
      kind: 'passwordReset',
      recipient: who.email,
      subject: 'Reset your password',
      text: 'https://example.com/reset-password?token=abc',
      html: '',
      links: '[]',
      account_id: who.id,
      status,
      finished_at: status === 'failed' ? new Date() : null,
    });
    await app.db
      .insertInto('mail_outbox')
      .values([queued('pending'), queued('failed')])
      .execute();
    const twoDays = { ...DEFAULT_RETENTION, mailRetentionDays: 2 };

    await runPurge(app.db, twoDays, inDays(1));
    expect((await mailsTo(who.email)).map((m) => m.status).sort()).toEqual([
      'failed',
      'pending',
      'sent',
      'sent',
    ]);

    await runPurge(app.db, twoDays, inDays(3));
    const left = await mailsTo(who.email);
    expect(left.map((m) => [m.status, m.subject, m.text])).toEqual([
      ['pending', 'Reset your password', 'https://example.com/reset-password?token=abc'],
    ]);
    // a blanked failed mail has no one left to send to
    const failed = (await mailsOf(who.id)).find((m) => m.status === 'failed')!;
    await expect(
      runAdminCommand({ db: app.db, keys: app.keys }, ['mail', 'retry', String(failed.id)]),
    ).rejects.toThrow(`No unsent mail #${failed.id}.`);
  });
});

describe('the purge of an account', () => {
  it('removes its mails and its clients’ guardians’ mails, and the destruction log counts them', async () => {
    const who = await practitionerWithGuardianMail('guardian.purge@example.com');
    const other = await practitionerWithGuardianMail('guardian.stays@example.com');
    const deletion = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: who.headers,
      payload: { password: STRONG_PASSWORD },
    });
    expect(deletion.statusCode, deletion.body).toBe(200);
    expect((await mailsOf(who.id)).map((m) => m.kind)).toEqual([
      'verification',
      'accountApproved',
      'respondentLink',
      'accountDeletion',
    ]);

    const logBefore = await lastLogId();
    await runPurge(app.db, { ...DEFAULT_RETENTION, mailRetentionDays: 90 }, inDays(31));
    expect(await mailsOf(who.id)).toEqual([]);
    expect(await mailsTo(who.email)).toEqual([]);
    expect(await mailsTo('guardian.purge@example.com')).toEqual([]);
    const dump = JSON.stringify(await app.db.selectFrom('mail_outbox').selectAll().execute());
    expect(dump).not.toContain(who.email);
    expect(dump).not.toContain(who.linkUrl.split('/r/')[1]!);
    expect(await destructionLogSince(logBefore)).toContainEqual(['mails', 4, 'account-deletion']);
    expect(await mailsTo('guardian.stays@example.com')).toHaveLength(1);
    expect(await mailsOf(other.id)).toHaveLength(3);
  });
});

describe('GET /api/account/export', () => {
  it('lists the mails sent to or about the account: when, which kind and their state, nothing else', async () => {
    const who = await practitionerWithGuardianMail('guardian.export@example.com');
    const res = await app.inject({ method: 'GET', url: '/api/account/export', headers: who.headers });
    expect(res.statusCode).toBe(200);
    const files = readZip(res.rawPayload);
    const mails = JSON.parse(files.get('data/mails.json')!.toString('utf8')) as Array<
      Record<string, unknown>
    >;
    expect(mails.map((m) => [m.kind, m.status])).toEqual([
      ['verification', 'sent'],
      ['accountApproved', 'sent'],
      ['respondentLink', 'sent'],
    ]);
    expect(Object.keys(mails[0]!).sort()).toEqual(['createdAt', 'kind', 'sentAt', 'status']);
    const csv = files.get('summary/mails.csv')!.toString('utf8');
    expect(csv.split('\r\n')).toHaveLength(4);
    // the guardian's address belongs to the respondent links' part; this part names no one
    const part = files.get('data/mails.json')!.toString('utf8') + csv;
    for (const text of ['guardian.export@example.com', who.email, who.linkUrl.split('/r/')[1]!, 'token'])
      expect(part).not.toContain(text);
    const everything = [...files.values()].map((f) => f.toString('utf8')).join('\n');
    expect(everything).not.toContain(who.linkUrl.split('/r/')[1]!);
    expect(files.get('summary.html')!.toString('utf8')).toContain('E-mails sent to you or on your behalf');
  });
});
