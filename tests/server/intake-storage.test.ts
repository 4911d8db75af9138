import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { encryptJson } from '../../src/server/crypto/encryption';
import { DEFAULT_LIMITS } from '../../src/server/security/limiter';
import { engineWithComplaintHistoryV2 } from '../fixtures/intake/engine';
import { validSections } from '../fixtures/intake/sections';
import { as, createPractitioner, type Practitioner, rawRow } from '../fixtures/intake/server';
import { createTestApp, TEST_HASH_COST, type TestApp } from './support/test-app';

describe('intake data at rest', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let alice: Practitioner;

  beforeAll(async () => {
    testApp = await createTestApp();
    app = testApp.app;
    alice = await createPractitioner(app);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('a raw row shows no client name and no text of any section', async () => {
    let { id, version } = (
      await as(app, alice)('POST', '/', { demographics: validSections.demographics, status: 'draft' })
    ).json();
    for (const key of ['complaintHistory', 'medicalHistory', 'familySocialLife'] as const) {
      ({ version } = (
        await as(app, alice)('PUT', `/${id}`, { [key]: validSections[key], status: 'draft', version })
      ).json());
    }
    const dump = JSON.stringify(await rawRow(app, id));
    const secrets = [
      'Ayşe',
      'Yılmaz',
      'Atatürk',
      '5321234567',
      'fatma@example.com',
      validSections.demographics.birthDate,
      'Refuses to go to school',
      'Cetirizine',
      'Tonsillectomy',
      'Mehmet',
      'walked_on_time',
      'female',
    ];
    for (const secret of secrets) expect(dump).not.toContain(secret);
    // the list still shows the name: it is decrypted per row
    const list = (await as(app, alice)('GET', '/')).json();
    expect(list.find((item: { id: string }) => item.id === id).clientName).toBe('Ayşe Yılmaz');
  });

  it('a ciphertext copied onto another record does not decrypt there', async () => {
    const a = (
      await as(app, alice)('POST', '/', { demographics: validSections.demographics, status: 'draft' })
    ).json();
    const b = (
      await as(app, alice)('POST', '/', { demographics: { clientFirstName: 'Zeynep' }, status: 'draft' })
    ).json();
    const source = await rawRow(app, a.id);
    await app.db
      .updateTable('client_intakes')
      .set({ sections_encrypted: JSON.stringify(source.sections_encrypted) })
      .where('id', '=', b.id)
      .execute();
    const res = await as(app, alice)('GET', `/${b.id}`);
    expect(res.statusCode).toBe(500);
    expect(JSON.stringify(res.json())).not.toContain('Ayşe');
  });

  it('a section ciphertext moved under another section does not decrypt there', async () => {
    const { id } = (
      await as(app, alice)('POST', '/', {
        demographics: validSections.demographics,
        complaintHistory: validSections.complaintHistory,
        status: 'draft',
      })
    ).json();
    const row = await rawRow(app, id);
    const sealed = row.sections_encrypted as Record<string, string>;
    expect(Object.keys(sealed).sort()).toEqual(['complaintHistory', 'demographics']);
    await app.db
      .updateTable('client_intakes')
      .set({ sections_encrypted: JSON.stringify({ ...sealed, complaintHistory: sealed.demographics }) })
      .where('id', '=', id)
      .execute();
    expect((await as(app, alice)('GET', `/${id}`)).statusCode).toBe(500);
  });

  it('reads a record stored before per-section encryption, and a save keeps its other sections', async () => {
    const { id } = (
      await as(app, alice)('POST', '/', { demographics: { clientFirstName: 'Zeynep' }, status: 'draft' })
    ).json();
    // the former layout: every section in one ciphertext bound to the record id
    const legacy = encryptJson(
      app.keys.encryption,
      { demographics: validSections.demographics, medicalHistory: validSections.medicalHistory },
      `client-intake:${id}`,
    );
    await app.db
      .updateTable('client_intakes')
      .set({
        data_encrypted: legacy,
        sections_encrypted: '{}',
        forms: JSON.stringify({
          demographics: { form: 'intake/demographics', version: 1 },
          medicalHistory: { form: 'intake/medical-history', version: 1 },
        }),
      })
      .where('id', '=', id)
      .execute();
    const read = (await as(app, alice)('GET', `/${id}`)).json();
    expect(read.demographics).toEqual(validSections.demographics);
    expect(read.medicalHistory).toEqual(validSections.medicalHistory);

    const saved = await as(app, alice)('PUT', `/${id}`, {
      demographics: { ...validSections.demographics, clientFirstName: 'Elif' },
      status: 'draft',
      version: read.version,
    });
    expect(saved.statusCode).toBe(200);
    const after = (await as(app, alice)('GET', `/${id}`)).json();
    expect(after.demographics.clientFirstName).toBe('Elif');
    expect(after.medicalHistory).toEqual(validSections.medicalHistory);
    const list = (await as(app, alice)('GET', '/')).json();
    expect(list.find((item: { id: string }) => item.id === id).clientName).toBe('Elif Yılmaz');
  });

  it('deletion leaves an audit entry naming who, when and which id, and no health data', async () => {
    const { id } = (
      await as(app, alice)('POST', '/', { demographics: validSections.demographics, status: 'draft' })
    ).json();
    expect((await as(app, alice)('DELETE', `/${id}`)).statusCode).toBe(204);
    const events = await app.db
      .selectFrom('client_intake_events')
      .selectAll()
      .where('intake_id', '=', id)
      .execute();
    const deleted = events.find((e) => e.action === 'deleted');
    expect(deleted).toMatchObject({ intake_id: id, actor_id: alice.id, action: 'deleted' });
    expect(deleted!.created_at).toBeInstanceOf(Date);
    expect(Date.now() - deleted!.created_at.getTime()).toBeLessThan(60_000);
    expect(JSON.stringify(events)).not.toContain('Ayşe');
    // hidden at once, purged after the grace period (ADR 092)
    const row = await app.db
      .selectFrom('client_intakes')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
  });

  it('a refused delete leaves no audit entry', async () => {
    const { id } = (
      await as(app, alice)('POST', '/', { demographics: validSections.demographics, status: 'draft' })
    ).json();
    const bob = await createPractitioner(app);
    expect((await as(app, bob)('DELETE', `/${id}`)).statusCode).toBe(404);
    const events = await app.db
      .selectFrom('client_intake_events')
      .select('action')
      .where('intake_id', '=', id)
      .where('action', '=', 'deleted')
      .execute();
    expect(events).toEqual([]);
  });

  const INTAKE_SAVE_LIMIT = DEFAULT_LIMITS.intakeSavesPerPractitioner;
  it(`limits saves to ${INTAKE_SAVE_LIMIT.max} a minute per practitioner with 429 RATE_LIMITED`, async () => {
    const busy = await createPractitioner(app);
    const { id } = (await as(app, busy)('POST', '/', { demographics: {}, status: 'draft' })).json();
    let last = 0;
    for (let i = 1; i < INTAKE_SAVE_LIMIT.max; i++) {
      last = (await as(app, busy)('PUT', `/${id}`, { demographics: {}, status: 'draft' })).statusCode;
    }
    expect(last).toBe(200);
    const before = (await as(app, busy)('GET', `/${id}`)).json();
    const over = await as(app, busy)('PUT', `/${id}`, {
      demographics: { clientFirstName: 'Zeynep' },
      status: 'draft',
    });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // the refused save wrote nothing
    const after = (await as(app, busy)('GET', `/${id}`)).json();
    expect(after.version).toBe(before.version);
    expect(after.demographics).toEqual({});
    // reading is not limited
    expect((await as(app, busy)('GET', `/${id}`)).statusCode).toBe(200);
  });
});

describe('version pinning', () => {
  let testApp: TestApp;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.close();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** The same data folder or PostgreSQL schema, served with the given engine. */
  const serve = (engine?: ReturnType<typeof engineWithComplaintHistoryV2>) =>
    buildApp({ config: testApp.config, engine, logger: false, unsafeTestHashCost: TEST_HASH_COST });

  it('a section saved under v1 still loads and validates with v1 after v2 is published', async () => {
    app = await serve();
    const alice = await createPractitioner(app);
    const created = (
      await as(app, alice)('POST', '/', { demographics: validSections.demographics, status: 'draft' })
    ).json();
    const saved = (
      await as(app, alice)('PUT', `/${created.id}`, {
        complaintHistory: validSections.complaintHistory,
        status: 'draft',
        version: created.version,
      })
    ).json();
    await app.close();

    app = await serve(engineWithComplaintHistoryV2());
    const record = (await as(app, alice)('GET', `/${created.id}`)).json();
    expect(record.forms.complaintHistory).toEqual({ form: 'intake/complaint-history', version: 1 });
    expect(record.complaintHistory).toEqual(validSections.complaintHistory);

    // v1 data is still checked against v1: complete under v1
    const resaved = await as(app, alice)('PUT', `/${created.id}`, {
      complaintHistory: validSections.complaintHistory,
      status: 'draft',
      version: saved.version,
    });
    expect(resaved.statusCode).toBe(200);
    expect(resaved.json().sectionStates).toEqual({ complaintHistory: 'complete' });
    // and v2's new field is unknown to it
    const v2Shape = await as(app, alice)('PUT', `/${created.id}`, {
      complaintHistory: { solutionsTriedList: ['Talked with the teacher'] },
      status: 'draft',
    });
    expect(v2Shape.statusCode).toBe(400);
  });

  it('a section new to a record takes the version the manifest names', async () => {
    app = await serve(engineWithComplaintHistoryV2());
    const alice = await createPractitioner(app);
    const { id } = (
      await as(app, alice)('POST', '/', { demographics: validSections.demographics, status: 'draft' })
    ).json();
    const before = (await as(app, alice)('GET', `/${id}`)).json();
    expect(before.forms.complaintHistory).toEqual({ form: 'intake/complaint-history', version: 2 });

    const v1Shape = await as(app, alice)('PUT', `/${id}`, {
      complaintHistory: validSections.complaintHistory,
      status: 'draft',
    });
    expect(v1Shape.statusCode).toBe(400);
    expect(Object.keys(v1Shape.json().fields)).toContain('complaintHistory');

    const { solutionsTried: _old, ...rest } = validSections.complaintHistory;
    const v2 = await as(app, alice)('PUT', `/${id}`, {
      complaintHistory: { ...rest, solutionsTriedList: ['Talked with the teacher'] },
      status: 'draft',
    });
    expect(v2.statusCode).toBe(200);
    expect(v2.json().sectionStates).toEqual({ complaintHistory: 'complete' });
    const after = (await as(app, alice)('GET', `/${id}`)).json();
    expect(after.forms.complaintHistory.version).toBe(2);
  });
});
