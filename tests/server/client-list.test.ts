import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptJson } from '../../src/server/crypto/encryption';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { statementsDuring } from './support/statements';
import { createTestApp, type TestApp } from './support/test-app';

/*
 * ADR 136: GET /api/clients answers a caseload in one statement (each client's last response change and schedule
 * counts grouped and joined, not asked per client) and opens only the name and the demographics section. What it
 * answers is unchanged: name, age, status, last activity (the later of the record's save and its responses'
 * changes), schedule counts only for a client with a schedule, the practitioner's visible clients only.
 */

let t: TestApp;
let alice: Practitioner;
let bob: Practitioner;

type Item = {
  id: string;
  name: string;
  age: number | null;
  intakeStatus: string;
  lastActivity: string;
  schedules?: { due: number; overdue: number };
};

const list = async (who: Practitioner, q?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: q === undefined ? '/api/clients' : `/api/clients?q=${encodeURIComponent(q)}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Item[];
};

const client = (demographics: Record<string, unknown>) =>
  newClientRecord(t.app, alice, { ...validSections.demographics, ...demographics });

beforeAll(async () => {
  t = await createTestApp();
  alice = await createPractitioner(t.app);
  bob = await createPractitioner(t.app);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/clients over a caseload', () => {
  it('answers name, age, status and last activity, the latest activity first', async () => {
    const first = await client({ clientFirstName: 'Elif', clientLastName: 'Kaya', birthDate: '2016-03-04' });
    const second = await client({ clientFirstName: 'Can', clientLastName: 'Işık', birthDate: '2018-01-02' });
    // a response given later makes the first client the latest activity
    const given = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${first}/responses`,
      headers: alice.headers,
      payload: { questionnaireId: 'home-routines' },
    });
    expect(given.statusCode, given.body).toBe(201);
    const { updated_at } = await t.app.db
      .selectFrom('questionnaire_responses')
      .select('updated_at')
      .where('id', '=', given.json().id)
      .executeTakeFirstOrThrow();

    const items = await list(alice);
    expect(items.map((i) => i.id).slice(0, 2)).toEqual([first, second]);
    const [elif, can] = items;
    expect(elif).toMatchObject({ name: 'Elif Kaya', intakeStatus: 'draft' });
    expect(elif!.age).toBeGreaterThanOrEqual(10);
    expect(elif!.lastActivity).toBe(updated_at.toISOString());
    expect(elif).not.toHaveProperty('schedules');
    expect(can).toMatchObject({ name: 'Can Işık', intakeStatus: 'draft' });
    expect(can!.age).toBeGreaterThanOrEqual(8);
  });

  it('counts due and overdue sendings only for a client with a schedule, and only due days that have come', async () => {
    const id = await client({ clientFirstName: 'Planlı', clientLastName: 'Danışan' });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${id}/schedules`,
      headers: alice.headers,
      payload: {
        questionnaireId: 'home-routines',
        respondent: 'guardian',
        language: 'tr',
        email: 'veli@example.com',
        everyWeeks: 2,
        startOn: '2099-01-05',
        times: 4,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const days = await t.app.db
      .selectFrom('schedule_occurrences as o')
      .innerJoin('measurement_schedules as s', 's.id', 'o.schedule_id')
      .select(['o.id'])
      .where('s.intake_id', '=', id)
      .orderBy('o.due_on')
      .execute();
    expect(days).toHaveLength(4);
    // two days come (one of them due, one overdue), one still to come, one answered
    const set = (n: number, due_on: string, state: 'due' | 'overdue' | 'answered') =>
      t.app.db
        .updateTable('schedule_occurrences')
        .set({ due_on, state })
        .where('id', '=', days[n]!.id)
        .execute();
    await set(0, '2020-01-06', 'due');
    await set(1, '2020-01-20', 'overdue');
    await set(2, '2020-02-03', 'answered');

    const items = await list(alice);
    expect(items.find((i) => i.id === id)?.schedules).toEqual({ due: 1, overdue: 1 });
    expect(items.filter((i) => i.schedules)).toHaveLength(1);

    // a stopped schedule's due days are not counted as due
    await t.app.db
      .updateTable('measurement_schedules')
      .set({ state: 'stopped' })
      .where('intake_id', '=', id)
      .execute();
    expect((await list(alice)).find((i) => i.id === id)?.schedules).toEqual({ due: 0, overdue: 1 });
  });

  it('answers a changed name and birth date at the next list (what was opened before is not reused)', async () => {
    const id = await client({ clientFirstName: 'Önceki', clientLastName: 'Ad', birthDate: '2016-03-04' });
    expect((await list(alice)).find((i) => i.id === id)?.name).toBe('Önceki Ad');
    const { version } = (
      await t.app.inject({ method: 'GET', url: `/api/client-intake/${id}`, headers: alice.headers })
    ).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/client-intake/${id}`,
      headers: alice.headers,
      payload: {
        demographics: { ...validSections.demographics, clientFirstName: 'Yeni', birthDate: '2020-03-04' },
        status: 'draft',
        version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const item = (await list(alice)).find((i) => i.id === id);
    expect(item?.name).toBe(`Yeni ${validSections.demographics.clientLastName}`);
    expect(item?.age).toBeLessThanOrEqual(7);
  });

  it('reads the age from a record stored whole before per-section encryption', async () => {
    const id = await client({ clientFirstName: 'Eski', clientLastName: 'Kayıt' });
    const legacy = encryptJson(
      t.app.keys.encryption,
      { demographics: { ...validSections.demographics, birthDate: '2015-06-01' } },
      `client-intake:${id}`,
    );
    await t.app.db
      .updateTable('client_intakes')
      .set({ data_encrypted: legacy, sections_encrypted: '{}' })
      .where('id', '=', id)
      .execute();
    const item = (await list(alice)).find((i) => i.id === id);
    expect(item?.name).toBe('Eski Kayıt');
    expect(item?.age).toBeGreaterThanOrEqual(11);
  });

  it("keeps to the practitioner's visible clients, and the search covers them all", async () => {
    const searched = await client({ clientFirstName: 'Aranan', clientLastName: 'Işıkçıoğlu' });
    const bobs = await newClientRecord(t.app, bob, {
      ...validSections.demographics,
      clientFirstName: 'Başka',
    });
    const gone = await client({ clientFirstName: 'Silinen', clientLastName: 'Danışan' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/client-intake/${gone}`, headers: alice.headers }))
        .statusCode,
    ).toBe(204);

    const ids = (await list(alice)).map((i) => i.id);
    expect(ids).not.toContain(bobs);
    expect(ids).not.toContain(gone);
    expect((await list(bob)).map((i) => i.id)).toEqual([bobs]);
    expect((await list(alice, 'IŞIKÇIOĞLU')).map((i) => i.id)).toEqual([searched]);
    expect(await list(alice, 'Silinen')).toEqual([]);
  });

  it('is one statement for the whole list, besides the session and the audit entry', async () => {
    const statements = await statementsDuring(async () => {
      await list(alice);
    });
    const reads = statements.filter((s) => /\bclient_intakes\b/.test(s) && !/^insert into audit/i.test(s));
    expect(reads, statements.join('\n')).toHaveLength(1);
    expect(reads[0]).toMatch(/questionnaire_responses[\s\S]*measurement_schedules/);
  });
});
