import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/server/admin/commands';
import { validSections } from '../fixtures/intake/sections';
import { as, createPractitioner, type Practitioner } from '../fixtures/intake/server';
import { PNG } from './support/fixtures';
import { uploadFile } from './support/flows';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let bob: Practitioner;

// texts only this test's client holds: none of them may ever reach an audit entry
const CLIENT_TEXTS = [
  'Gülizar',
  'Karaçam',
  'Sabahları okula gitmek istemiyor KVKK-İZ-7731',
  'Ölçek-ilaç-9931',
];
const demographics = { ...validSections.demographics, clientFirstName: 'Gülizar', clientLastName: 'Karaçam' };
const complaintHistory = {
  ...validSections.complaintHistory,
  complaintDescription: 'Sabahları okula gitmek istemiyor KVKK-İZ-7731',
};
const medicalHistory = {
  ...validSections.medicalHistory,
  currentMedications: [{ id: 'tmp-1', name: 'Ölçek-ilaç-9931', dosage: '5 mg', frequency: 'Once a day' }],
};

beforeAll(async () => {
  t = await createTestApp({ purgeSchedule: false });
  app = t.app;
  alice = await createPractitioner(app);
  bob = await createPractitioner(app);
});

afterAll(async () => {
  await t?.close();
});

interface Row {
  practitioner_id: string;
  actor_kind: string;
  actor_id: string;
  action: string;
  client_id: string | null;
  record_type: string;
  record_id: string | null;
  address: string | null;
}

async function entries(): Promise<Row[]> {
  return app.db.selectFrom('audit_entries').selectAll().orderBy('id').execute() as Promise<Row[]>;
}

/** Runs the call and answers it with the audit entries it added. */
async function added(call: () => Promise<{ statusCode: number; body: string }>, status: number) {
  const before = (await entries()).length;
  const response = await call();
  expect(response.statusCode, response.body).toBe(status);
  return { response, added: (await entries()).slice(before) };
}

async function newRecord(who = alice): Promise<string> {
  const res = await as(app, who)('POST', '/', { demographics, status: 'draft' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function versionOf(id: string, who = alice): Promise<number> {
  return (await as(app, who)('GET', `/${id}`)).json().version;
}

describe('the audit trail of client data', () => {
  const intake = (method: InjectOptions['method'], url: string, payload?: unknown) => () =>
    as(app, alice)(method, url, payload, { 'x-forwarded-for': '203.0.113.9' });

  it.each([
    ['read', 'GET', '', undefined, 200],
    ['export', 'GET', '/export', undefined, 200],
    ['print', 'POST', '/print', undefined, 204],
  ] as const)(
    'writes exactly one "%s" entry for %s /api/client-intake/:id%s',
    async (action, method, suffix, body, status) => {
      const id = await newRecord();
      const { added: rows } = await added(intake(method, `/${id}${suffix}`, body), status);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        practitioner_id: alice.id,
        actor_kind: 'practitioner',
        actor_id: alice.id,
        action,
        client_id: id,
        record_type: 'intake',
        record_id: id,
      });
      expect(rows[0]!.address).toBeTruthy();
    },
  );

  it('writes exactly one entry for each create, change, submit, reopen and delete', async () => {
    const created = await added(intake('POST', '/', { demographics, status: 'draft' }), 201);
    const id = created.response.body && JSON.parse(created.response.body).id;
    expect(created.added.map((r) => [r.action, r.client_id])).toEqual([['create', id]]);

    let version = await versionOf(id);
    for (const [key, data] of Object.entries({
      complaintHistory,
      medicalHistory,
      familySocialLife: validSections.familySocialLife,
    })) {
      const changed = await added(intake('PUT', `/${id}`, { [key]: data, status: 'draft', version }), 200);
      expect(changed.added.map((r) => [r.action, r.client_id])).toEqual([['change', id]]);
      version = JSON.parse(changed.response.body).version;
    }
    const submitted = await added(intake('POST', `/${id}/submit`, { version }), 200);
    expect(submitted.added.map((r) => r.action)).toEqual(['submit']);
    const reopened = await added(intake('POST', `/${id}/reopen`), 200);
    expect(reopened.added.map((r) => r.action)).toEqual(['reopen']);
    const deleted = await added(intake('DELETE', `/${id}`), 204);
    expect(deleted.added.map((r) => [r.action, r.client_id])).toEqual([['delete', id]]);
  });

  it('writes one "list" entry for the list of clients, naming no client', async () => {
    await newRecord();
    const { added: rows } = await added(intake('GET', '/'), 200);
    expect(rows.map((r) => [r.action, r.client_id])).toEqual([['list', null]]);
  });

  it('writes one entry when an uploaded file is read', async () => {
    const token = alice.headers.authorization!.slice('Bearer '.length);
    const upload = await uploadFile(app, token, 'photo', {
      data: PNG,
      filename: 'me.png',
      type: 'image/png',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = upload.json().file.id as string;
    const { added: rows } = await added(
      () => app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: alice.headers }),
      200,
    );
    expect(rows.map((r) => [r.action, r.record_type, r.record_id])).toEqual([['read', 'file', fileId]]);
  });

  it('writes nothing for a refused request: another practitioner’s record is a 404 and leaves no entry', async () => {
    const id = await newRecord(alice);
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/export'],
      ['POST', '/print'],
      ['DELETE', ''],
    ] as const) {
      const { added: rows } = await added(() => as(app, bob)(method, `/${id}${suffix}`), 404);
      expect(rows).toEqual([]);
    }
  });

  it('never holds the health data itself: no entry contains any of the client’s texts', async () => {
    const id = await newRecord();
    let version = await versionOf(id);
    for (const [key, data] of Object.entries({ complaintHistory, medicalHistory })) {
      const res = await as(app, alice)('PUT', `/${id}`, { [key]: data, status: 'draft', version });
      expect(res.statusCode).toBe(200);
      version = res.json().version;
    }
    // the texts really are in the record, so the scan below would find them if an entry copied any
    const record = await as(app, alice)('GET', `/${id}/export`);
    for (const text of CLIENT_TEXTS) expect(record.body).toContain(text);
    const dump = JSON.stringify(await entries());
    expect(dump).toContain(id);
    for (const text of CLIENT_TEXTS) expect(dump).not.toContain(text);
  });
});

describe('GET /api/client-intake/:id/access-history', () => {
  it('lists who did what to the client’s record, newest first, and is not itself an entry', async () => {
    const id = await newRecord();
    await as(app, alice)('GET', `/${id}`);
    await as(app, alice)('POST', `/${id}/print`);
    const { response, added: rows } = await added(() => as(app, alice)('GET', `/${id}/access-history`), 200);
    expect(rows).toEqual([]);
    const history = JSON.parse(response.body).entries as Array<Record<string, unknown>>;
    expect(history.map((e) => e.action)).toEqual(['print', 'read', 'create']);
    expect(history.every((e) => e.byMe === true && e.actorKind === 'practitioner')).toBe(true);
    expect(Object.keys(history[0]!).sort()).toEqual([
      'action',
      'actorKind',
      'address',
      'at',
      'byMe',
      'id',
      'recordType',
    ]);
  });

  it('answers 404 for another practitioner’s record and for a deleted one', async () => {
    const id = await newRecord();
    expect((await as(app, bob)('GET', `/${id}/access-history`)).statusCode).toBe(404);
    expect((await as(app, alice)('DELETE', `/${id}`)).statusCode).toBe(204);
    expect((await as(app, alice)('GET', `/${id}/access-history`)).statusCode).toBe(404);
  });
});

describe('npm run admin -- audit', () => {
  const admin = (...args: string[]) => runAdminCommand({ db: app.db, keys: app.keys }, args);

  it('lists a client’s entries (--client) and an account’s (--account), with no client data', async () => {
    const id = await newRecord();
    await as(app, alice)('GET', `/${id}`);
    const byClient = (await admin('audit', '--client', id)).output;
    expect(byClient).toMatch(/^2 audit entries:/);
    expect(byClient).toContain(`create   intake ${id}`);
    expect(byClient).toContain(`read     intake ${id}`);
    const byAccount = (await admin('audit', '--account', alice.email)).output;
    expect(byAccount).toContain(id);
    expect(byAccount).not.toContain(bob.id);
    for (const text of CLIENT_TEXTS) expect(byAccount + byClient).not.toContain(text);
  });

  it('refuses a call without --account or --client, and an unknown account', async () => {
    await expect(admin('audit')).rejects.toThrow('audit needs --account <email> or --client <id>.');
    await expect(admin('audit', '--account', 'nobody@example.com')).rejects.toThrow('No account');
  });
});
