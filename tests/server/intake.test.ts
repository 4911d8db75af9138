import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSections } from '../fixtures/intake/sections';
import { as, createPractitioner, type Practitioner } from '../fixtures/intake/server';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let bob: Practitioner;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  alice = await createPractitioner(app);
  bob = await createPractitioner(app);
});

afterAll(async () => {
  await testApp?.close();
});

/** Creates a record holding valid demographics; answers the save body. */
async function newIntake(who = alice) {
  const res = await as(app, who)('POST', '/', { demographics: validSections.demographics, status: 'draft' });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; updatedAt: string; version: number; status: string };
}

/** A record with all four sections complete, still a draft. */
async function completeIntake(who = alice) {
  let { id, version } = await newIntake(who);
  for (const key of ['complaintHistory', 'medicalHistory', 'familySocialLife'] as const) {
    const res = await as(app, who)('PUT', `/${id}`, { [key]: validSections[key], status: 'draft', version });
    expect(res.statusCode).toBe(200);
    ({ version } = res.json());
  }
  return { id, version };
}

describe('access', () => {
  it('answers 401 without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/client-intake' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 EMAIL_NOT_VERIFIED for an unverified practitioner', async () => {
    const carol = await createPractitioner(app);
    await app.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', carol.id).execute();
    const res = await as(app, carol)('GET', '/');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('POST /api/client-intake', () => {
  it('creates a record from one section and answers { id, updatedAt, version, status, sectionStates }', async () => {
    const res = await as(app, alice)('POST', '/', {
      demographics: validSections.demographics,
      status: 'draft',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'sectionStates', 'status', 'updatedAt', 'version']);
    expect(body.sectionStates).toEqual({ demographics: 'complete' });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.version).toBe(1);
    expect(body.status).toBe('draft');
    expect(Number.isNaN(Date.parse(body.updatedAt))).toBe(false);
  });

  it('refuses an id in the body: that is a PUT', async () => {
    const { id } = await newIntake();
    const res = await as(app, alice)('POST', '/', { id, demographics: {}, status: 'draft' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('draft and full validation, per section', () => {
  const incomplete = {
    demographics: { clientFirstName: 'Ay' },
    complaintHistory: { complaintDescription: 'short' },
    medicalHistory: { prenatalPostnatalHistory: 'short', currentMedications: [{ name: 'X', dosage: '' }] },
    familySocialLife: { whoLivesAtHome: 'short', siblings: [{ name: '', age: 0 }] },
  };
  // what cannot be stored safely: an unknown option, over a maximum, a wrong type
  const malformed = {
    demographics: { clientFirstName: 'Ayşe3', gender: 'robot' },
    complaintHistory: { complaintFrequency: 11 },
    medicalHistory: { developmentalMilestones: ['flew_early'] },
    familySocialLife: { academicPerformance: 0, siblings: [{ age: 101 }] },
  };
  const firstBrokenField = {
    demographics: 'demographics.gender',
    complaintHistory: 'complaintHistory.complaintFrequency',
    medicalHistory: 'medicalHistory.developmentalMilestones.0',
    familySocialLife: 'familySocialLife.siblings.0.age',
  };

  for (const key of Object.keys(incomplete) as (keyof typeof incomplete)[]) {
    describe(key, () => {
      it('stores an incomplete draft', async () => {
        const { id, version } = await newIntake();
        const res = await as(app, alice)('PUT', `/${id}`, {
          [key]: incomplete[key],
          status: 'draft',
          version,
        });
        expect(res.statusCode).toBe(200);
      });

      it('refuses a malformed draft with 400 VALIDATION_FAILED and field messages', async () => {
        const { id, version } = await newIntake();
        const res = await as(app, alice)('PUT', `/${id}`, {
          [key]: malformed[key],
          status: 'draft',
          version,
        });
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(typeof body.message).toBe('string');
        expect(body.fields[firstBrokenField[key]]).toEqual(expect.any(String));
      });

      it('refuses to submit with the incomplete section: 422 INTAKE_INCOMPLETE naming it, nothing written', async () => {
        const { id, version } = await completeIntake();
        const res = await as(app, alice)('PUT', `/${id}`, {
          [key]: incomplete[key],
          status: 'submitted',
          version,
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().code).toBe('INTAKE_INCOMPLETE');
        expect(Object.keys(res.json().sections)).toEqual([key]);
        const after = (await as(app, alice)('GET', `/${id}`)).json();
        expect(after).toMatchObject({ status: 'draft', version, submittedAt: null });
        expect(after[key]).toEqual(validSections[key]);
      });

      it('a complete section alone does not submit the record: the other sections are listed as missing', async () => {
        const res = await as(app, alice)('POST', '/', { [key]: validSections[key], status: 'submitted' });
        expect(res.statusCode).toBe(422);
        const body = res.json();
        expect(body.code).toBe('INTAKE_INCOMPLETE');
        expect(Object.keys(body.sections).sort()).toEqual(
          Object.keys(validSections)
            .filter((k) => k !== key)
            .sort(),
        );
        expect(body.fields).toEqual(expect.any(Object));
      });
    });
  }

  it("reports the spec's messages in the request's language", async () => {
    const res = await as(app, alice)(
      'POST',
      '/',
      { demographics: { clientFirstName: 'A' }, status: 'submitted' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().sections.demographics.clientFirstName).toBe('First name must be at least 2 characters');
    expect(res.json().fields['demographics.clientFirstName']).toBe(
      'First name must be at least 2 characters',
    );
    expect(res.json().fields['demographics.birthDate']).toBe('Birth date is required');

    const tr = await as(app, alice)(
      'POST',
      '/',
      { demographics: { clientFirstName: 'A' }, status: 'submitted' },
      { 'accept-language': 'tr-TR,tr;q=0.9' },
    );
    expect(tr.statusCode).toBe(422);
    expect(tr.json().fields['demographics.clientFirstName']).not.toBe(
      'First name must be at least 2 characters',
    );
    expect(tr.json().fields['demographics.clientFirstName']).toMatch(/2/);
  });

  it('stores a new draft whose answers are not right yet (a phone half typed, a future date) and gives it an id', async () => {
    const res = await as(app, alice)('POST', '/', {
      demographics: {
        clientFirstName: 'Elif',
        guardianPhone: '0532 123 45',
        guardianEmail: 'fatma@',
        meetingDate: '2999-01-01',
      },
      status: 'draft',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json().sectionStates).toEqual({ demographics: 'in_progress' });
    const saved = (await as(app, alice)('GET', `/${res.json().id}`)).json();
    expect(saved.demographics.guardianPhone).toBe('0532 123 45');
  });

  it.each([['0532 123 45 67'], ['(0532) 123-45-67'], ['+90 532 123 45 67']])(
    'stores a phone typed %j as +905321234567, in drafts and submits',
    async (typed) => {
      const res = await as(app, alice)('POST', '/', {
        demographics: { ...validSections.demographics, guardianPhone: typed },
        status: 'draft',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().sectionStates).toEqual({ demographics: 'complete' });
      const saved = (await as(app, alice)('GET', `/${res.json().id}`)).json();
      expect(saved.demographics.guardianPhone).toBe('+905321234567');
    },
  );
});

describe('GET /api/client-intake/:id', () => {
  it('answers every section (null when not filled), their form versions, status, updatedAt and version', async () => {
    const { id, version } = await newIntake();
    await as(app, alice)('PUT', `/${id}`, {
      complaintHistory: validSections.complaintHistory,
      status: 'draft',
      version,
    });
    const res = await as(app, alice)('GET', `/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.demographics).toEqual(validSections.demographics);
    expect(body.complaintHistory).toEqual(validSections.complaintHistory);
    expect(body.medicalHistory).toBeNull();
    expect(body.familySocialLife).toBeNull();
    expect(body.forms.demographics).toEqual({ form: 'intake/demographics', version: 1 });
    expect(body.forms.familySocialLife).toEqual({ form: 'intake/family-social-life', version: 1 });
    expect(body.sectionStates).toEqual({
      demographics: 'complete',
      complaintHistory: 'complete',
      medicalHistory: 'empty',
      familySocialLife: 'empty',
    });
    expect(body.status).toBe('draft');
    expect(body.version).toBe(2);
    expect(body.id).toBe(id);
  });

  it('a save replaces only the section it carries', async () => {
    const { id, version } = await newIntake();
    await as(app, alice)('PUT', `/${id}`, {
      medicalHistory: validSections.medicalHistory,
      status: 'draft',
      version,
    });
    const changed = { ...validSections.demographics, schoolName: 'Cumhuriyet Ortaokulu' };
    await as(app, alice)('PUT', `/${id}`, { demographics: changed, status: 'draft' });
    const body = (await as(app, alice)('GET', `/${id}`)).json();
    expect(body.demographics.schoolName).toBe('Cumhuriyet Ortaokulu');
    expect(body.medicalHistory).toEqual(validSections.medicalHistory);
  });
});

describe('concurrency', () => {
  it('answers 409 CONFLICT with the current updatedAt and version when the version is stale', async () => {
    const { id, version } = await newIntake();
    const first = await as(app, alice)('PUT', `/${id}`, {
      complaintHistory: validSections.complaintHistory,
      status: 'draft',
      version,
    });
    expect(first.statusCode).toBe(200);
    const stale = await as(app, alice)('PUT', `/${id}`, {
      complaintHistory: { complaintDescription: 'Typed in the other tab.' },
      status: 'draft',
      version,
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.code).toBe('CONFLICT');
    expect(body.message).toEqual(expect.any(String));
    expect(body.version).toBe(first.json().version);
    expect(body.updatedAt).toBe(first.json().updatedAt);
    const kept = (await as(app, alice)('GET', `/${id}`)).json();
    expect(kept.complaintHistory).toEqual(validSections.complaintHistory);
  });

  it('every save moves the version on and answers a later updatedAt', async () => {
    const created = await newIntake();
    const next = (
      await as(app, alice)('PUT', `/${created.id}`, {
        demographics: validSections.demographics,
        status: 'draft',
        version: created.version,
      })
    ).json();
    expect(next.version).toBe(created.version + 1);
    expect(Date.parse(next.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
  });

  it('of two saves sent at once with the same version, exactly one wins', async () => {
    const { id, version } = await newIntake();
    const send = (text: string) =>
      as(app, alice)('PUT', `/${id}`, {
        complaintHistory: { complaintDescription: text },
        status: 'draft',
        version,
      });
    const answers = await Promise.all([send('First tab text here'), send('Second tab text here')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('ownership', () => {
  it("answers 404 for another practitioner's record, on every call", async () => {
    const { id, version } = await newIntake(alice);
    const asBob = as(app, bob);
    const answers = await Promise.all([
      asBob('GET', `/${id}`),
      asBob('PUT', `/${id}`, { demographics: validSections.demographics, status: 'draft', version }),
      asBob('DELETE', `/${id}`),
      asBob('POST', `/${id}/submit`),
      asBob('POST', `/${id}/reopen`),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await as(app, alice)('GET', `/${id}`)).statusCode).toBe(200);
  });

  it("lists only the caller's records", async () => {
    const { id } = await newIntake(alice);
    const list = (await as(app, bob)('GET', '/')).json() as { id: string }[];
    expect(list.map((item) => item.id)).not.toContain(id);
  });

  it('answers 404 for ids that do not exist or cannot exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await as(app, alice)('GET', `/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('GET /api/client-intake', () => {
  it('answers [{ id, clientName, status, updatedAt, sectionStates }] newest change first', async () => {
    const dana = await createPractitioner(app);
    const older = await newIntake(dana);
    const newer = await newIntake(dana);
    const medical = await as(app, dana)('PUT', `/${newer.id}`, {
      medicalHistory: validSections.medicalHistory,
      status: 'draft',
      version: newer.version,
    });
    await as(app, dana)('PUT', `/${newer.id}`, {
      complaintHistory: { complaintDescription: 'Only this so far.' },
      status: 'draft',
      version: medical.json().version,
    });
    const list = (await as(app, dana)('GET', '/')).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: newer.id,
      clientName: 'Ayşe Yılmaz',
      status: 'draft',
      updatedAt: expect.any(String),
      sectionStates: {
        demographics: 'complete',
        complaintHistory: 'in_progress',
        medicalHistory: 'complete',
        familySocialLife: 'empty',
      },
    });
    expect(list[1].id).toBe(older.id);
  });
});

describe('POST /api/client-intake/:id/submit', () => {
  it('refuses while a section is incomplete with 422 INTAKE_INCOMPLETE, naming the fields of every section', async () => {
    const { id } = await newIntake();
    const res = await as(app, alice)('POST', `/${id}/submit`);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INTAKE_INCOMPLETE');
    expect(Object.keys(res.json().sections)).toEqual([
      'complaintHistory',
      'medicalHistory',
      'familySocialLife',
    ]);
    expect((await as(app, alice)('GET', `/${id}`)).json().status).toBe('draft');
    const fields = Object.keys(res.json().fields);
    expect(fields).toContain('complaintHistory.complaintDescription');
    expect(fields).toContain('familySocialLife.familyStructure');
    expect(fields.some((f) => f.startsWith('demographics.'))).toBe(false);
  });

  it('submits once all four sections are complete', async () => {
    let { id, version } = await newIntake();
    for (const key of ['complaintHistory', 'medicalHistory', 'familySocialLife'] as const) {
      const res = await as(app, alice)('PUT', `/${id}`, {
        [key]: validSections[key],
        status: 'draft',
        version,
      });
      ({ version } = res.json());
    }
    const res = await as(app, alice)('POST', `/${id}/submit`, { version });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'submitted', version: version + 1 });
    const again = await as(app, alice)('POST', `/${id}/submit`, { version });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INTAKE_SUBMITTED');
  });
});

describe('submitted records', () => {
  it('Submit from section 1 of a fresh intake submits nothing and lists every missing section', async () => {
    const before = (await as(app, alice)('GET', '/')).json() as unknown[];
    const res = await as(app, alice)('POST', '/', { demographics: {}, status: 'submitted' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INTAKE_INCOMPLETE');
    expect(Object.keys(res.json().sections)).toEqual([
      'demographics',
      'complaintHistory',
      'medicalHistory',
      'familySocialLife',
    ]);
    expect((await as(app, alice)('GET', '/')).json()).toHaveLength(before.length);
  });

  it('stay submitted: a draft save is 409 INTAKE_SUBMITTED and changes nothing', async () => {
    const { id, version } = await completeIntake();
    const submitted = await as(app, alice)('PUT', `/${id}`, {
      familySocialLife: validSections.familySocialLife,
      status: 'submitted',
      version,
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', version: version + 1 });
    // a stale tab auto-saving with the version it last saw, and one without a version
    for (const stale of [version, submitted.json().version, undefined]) {
      const res = await as(app, alice)('PUT', `/${id}`, {
        complaintHistory: { complaintDescription: 'Typed in a stale tab' },
        status: 'draft',
        version: stale,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'INTAKE_SUBMITTED',
        status: 'submitted',
        message: expect.any(String),
      });
    }
    const after = (await as(app, alice)('GET', `/${id}`)).json();
    expect(after.status).toBe('submitted');
    expect(after.submittedAt).toEqual(expect.any(String));
    expect(after.complaintHistory).toEqual(validSections.complaintHistory);
  });

  it('become a draft only through POST /:id/reopen, which is audited', async () => {
    const { id, version } = await completeIntake();
    const submitted = (await as(app, alice)('POST', `/${id}/submit`, { version })).json() as {
      version: number;
    };
    const reopened = await as(app, alice)('POST', `/${id}/reopen`, { version: submitted.version });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ id, status: 'draft', version: submitted.version + 1 });
    const record = (await as(app, alice)('GET', `/${id}`)).json();
    expect(record).toMatchObject({ status: 'draft', submittedAt: null });
    const edited = await as(app, alice)('PUT', `/${id}`, {
      complaintHistory: {
        ...validSections.complaintHistory,
        complaintDescription: 'Changed after reopening.',
      },
      status: 'draft',
      version: reopened.json().version,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().status).toBe('draft');
    const events = await app.db
      .selectFrom('client_intake_events')
      .select('action')
      .where('intake_id', '=', id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.action)).toEqual(['created', 'submitted', 'reopened']);
  });

  it('reopen: a stale version is 409 CONFLICT, a draft stays as it is, another practitioner gets 404', async () => {
    const { id, version } = await completeIntake();
    const submitted = (await as(app, alice)('POST', `/${id}/submit`, { version })).json();
    const stale = await as(app, alice)('POST', `/${id}/reopen`, { version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect((await as(app, bob)('POST', `/${id}/reopen`)).statusCode).toBe(404);
    expect((await as(app, alice)('GET', `/${id}`)).json().status).toBe('submitted');
    const reopened = await as(app, alice)('POST', `/${id}/reopen`);
    expect(reopened.json()).toMatchObject({ status: 'draft', version: submitted.version + 1 });
    const again = await as(app, alice)('POST', `/${id}/reopen`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'draft', version: submitted.version + 1 });
    expect((await as(app, alice)('POST', `/${id}/reopen`, { version: 'x' })).statusCode).toBe(400);
  });
});

describe('section states', () => {
  it('an empty section saved is empty, not filled in; the defaults of sliders are no answer', async () => {
    const res = await as(app, alice)('POST', '/', {
      demographics: { meetingAttendees: [] },
      status: 'draft',
    });
    expect(res.json().sectionStates).toEqual({ demographics: 'empty' });
    const { id, version } = res.json();
    const ch = await as(app, alice)('PUT', `/${id}`, {
      complaintHistory: { complaintFrequency: 5, complaintIntensity: 5, impactAcademic: 3 },
      status: 'draft',
      version,
    });
    expect(ch.json().sectionStates).toEqual({ complaintHistory: 'empty' });
    const list = (await as(app, alice)('GET', '/')).json() as { id: string; sectionStates: object }[];
    expect(list.find((item) => item.id === id)?.sectionStates).toEqual({
      demographics: 'empty',
      complaintHistory: 'empty',
      medicalHistory: 'empty',
      familySocialLife: 'empty',
    });
  });
});

describe('DELETE /api/client-intake/:id', () => {
  it('removes the record: 204, then 404', async () => {
    const { id } = await newIntake();
    expect((await as(app, alice)('DELETE', `/${id}`)).statusCode).toBe(204);
    expect((await as(app, alice)('GET', `/${id}`)).statusCode).toBe(404);
    expect((await as(app, alice)('DELETE', `/${id}`)).statusCode).toBe(404);
  });
});

describe('malformed requests answer 400, never 500', () => {
  const cases: [string, string, string | undefined, string?][] = [
    ['invalid JSON', 'POST', '{"demographics": ', 'application/json'],
    ['an empty JSON body', 'POST', '', 'application/json'],
    ['a JSON array', 'POST', '[]', 'application/json'],
    ['a JSON string', 'POST', '"draft"', 'application/json'],
    ['no section', 'POST', JSON.stringify({ status: 'draft' }), 'application/json'],
    ['no status', 'POST', JSON.stringify({ demographics: {} }), 'application/json'],
    ['an unknown status', 'POST', JSON.stringify({ demographics: {}, status: 'final' }), 'application/json'],
    [
      'an unknown key',
      'POST',
      JSON.stringify({ demographics: {}, status: 'draft', admin: true }),
      'application/json',
    ],
    [
      'a section that is not an object',
      'POST',
      JSON.stringify({ demographics: 'x', status: 'draft' }),
      'application/json',
    ],
    [
      'a section that is an array',
      'POST',
      JSON.stringify({ demographics: [], status: 'draft' }),
      'application/json',
    ],
    ['a null section', 'POST', JSON.stringify({ demographics: null, status: 'draft' }), 'application/json'],
    [
      'an unknown field inside a section',
      'POST',
      JSON.stringify({ demographics: { favouriteColour: 'red' }, status: 'draft' }),
      'application/json',
    ],
    [
      'a wrongly typed field',
      'POST',
      JSON.stringify({ demographics: { meetingAttendees: 'client' }, status: 'draft' }),
      'application/json',
    ],
  ];
  for (const [name, method, payload, type] of cases) {
    it(`${name} on POST`, async () => {
      const res = await app.inject({
        method: method as 'POST',
        url: '/api/client-intake',
        headers: { ...alice.headers, ...(type ? { 'content-type': type } : {}) },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toMatch(/^(VALIDATION_FAILED|INVALID_JSON|INVALID_REQUEST)$/);
    });
  }

  it('a version that is not a positive integer, a body id naming another record, a bad submit body', async () => {
    const { id } = await newIntake();
    const put = as(app, alice);
    expect((await put('PUT', `/${id}`, { demographics: {}, status: 'draft', version: '1' })).statusCode).toBe(
      400,
    );
    expect((await put('PUT', `/${id}`, { demographics: {}, status: 'draft', version: 0 })).statusCode).toBe(
      400,
    );
    expect((await put('PUT', `/${id}`, { demographics: {}, status: 'draft', version: 1.5 })).statusCode).toBe(
      400,
    );
    const other = await newIntake();
    expect((await put('PUT', `/${id}`, { id: other.id, demographics: {}, status: 'draft' })).statusCode).toBe(
      400,
    );
    expect((await put('POST', `/${id}/submit`, { version: 'x' })).statusCode).toBe(400);
    expect((await put('POST', `/${id}/submit`, [1])).statusCode).toBe(400);
  });
});

describe("the intake's refusals (ADR 116)", () => {
  const TR = { 'accept-language': 'tr' };
  const trText = (key: string) => app.engine.t('tr', 'intake', key);

  it('answer 409 CONFLICT and INTAKE_SUBMITTED in the request language, with where the record stands', async () => {
    const { id, version } = await newIntake();
    const change = { status: 'draft', version, complaintHistory: validSections.complaintHistory };
    expect((await as(app, alice)('PUT', `/${id}`, change)).statusCode).toBe(200);
    const stale = await as(app, alice)('PUT', `/${id}`, change, TR);
    expect(stale.statusCode).toBe(409);
    expect(stale.headers['content-type']).toBe('application/json; charset=utf-8');
    const now = (await as(app, alice)('GET', `/${id}`)).json();
    expect(stale.body).toBe(
      JSON.stringify({
        code: 'CONFLICT',
        message: trText('api.conflict'),
        updatedAt: now.updatedAt,
        version: now.version,
        status: 'draft',
      }),
    );
    expect(trText('api.conflict')).toMatch(/değiştirildi/);

    const done = await completeIntake();
    await as(app, alice)('POST', `/${done.id}/submit`);
    const late = await as(app, alice)(
      'PUT',
      `/${done.id}`,
      { status: 'draft', complaintHistory: validSections.complaintHistory },
      TR,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'INTAKE_SUBMITTED',
      message: trText('api.submitted'),
      updatedAt: expect.any(String),
      version: expect.any(Number),
      status: 'submitted',
    });
  });

  it('answer 422 INTAKE_INCOMPLETE with the sections, then the fields, in the request language', async () => {
    const { id } = await newIntake();
    const res = await as(app, alice)('POST', `/${id}/submit`, undefined, TR);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(JSON.parse(res.body))).toEqual(['code', 'message', 'sections', 'fields']);
    expect(res.json()).toMatchObject({ code: 'INTAKE_INCOMPLETE', message: trText('api.incomplete') });
    expect(res.json().fields['complaintHistory.complaintDescription']).toBe(
      res.json().sections.complaintHistory.complaintDescription,
    );
  });
});
