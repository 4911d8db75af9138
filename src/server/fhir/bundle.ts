import type { QuestionnaireDefinition } from '../../forms/questionnaires';
import type { Lang } from '../../forms/types';
import type { QuestionnaireRespondent, ScaleResult } from '../../shared';
import type { ResponseRecord } from '../questionnaires/response-store';
import { canonicalOf, itemShapeOf, optionSystemOf, questionnaireOf, type Texts } from './questionnaire';
import type {
  Answer,
  Bundle,
  CodeableConcept,
  Observation,
  Patient,
  Quantity,
  QuestionnaireResponse,
  Reference,
  RelatedPerson,
  Resource,
} from './resources';
import { urn, uuidOf } from './uuid';

const V3_INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const V3_ROLE = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const UCUM = 'http://unitsofmeasure.org';

/** Who the client is, as far as a receiving system needs to match and read the scores: never a national ID. */
export interface FhirClient {
  id: string;
  firstName?: string;
  lastName?: string;
  birthDate?: string;
  gender?: string;
}

export interface BundleInput {
  /** `<PUBLIC_URL>/fhir`: the root of every canonical URL and local code system. */
  base: string;
  client: FhirClient;
  /** The client's submitted responses, oldest first; replaced ones are left out here. */
  responses: readonly ResponseRecord[];
  definitionOf(response: ResponseRecord): QuestionnaireDefinition;
  /** A questionnaire's texts as a respondent reads them (ADR 126); null for the base wording. */
  textsOf(formId: string, respondent: QuestionnaireRespondent | null): Texts;
  /** A word of the product (`questionnaires:respondents.teacher`) in a language. */
  word(lang: Lang, key: string): string;
  /** The language of the bundle's own words (an informant's relationship). */
  lang: Lang;
  now: Date;
}

const quantity = (value: number, code: string): Quantity => ({
  value,
  unit: code.slice(1, -1),
  system: UCUM,
  code,
});

/** Severity of a band -> HL7's interpretation: none is normal, any other severity abnormal (docs/fhir.md). */
function interpretationOf(
  base: string,
  band: NonNullable<ScaleResult['band']>,
  label: string,
): CodeableConcept {
  const normal = band.severity === 'none';
  return {
    coding: [
      { system: V3_INTERPRETATION, code: normal ? 'N' : 'A', display: normal ? 'Normal' : 'Abnormal' },
      { system: `${base}/CodeSystem/severity`, code: band.severity },
    ],
    text: label,
  };
}

function patientOf(client: FhirClient, base: string): Patient {
  const patient: Patient = {
    resourceType: 'Patient',
    id: client.id,
    identifier: [{ system: `${base}/clients`, value: client.id }],
  };
  const given = (client.firstName ?? '').split(/\s+/).filter(Boolean);
  const family = client.lastName?.trim();
  if (given.length > 0 || family) {
    patient.name = [
      {
        ...(family ? { family } : {}),
        ...(given.length > 0 ? { given } : {}),
        text: [...given, family ?? ''].join(' ').trim(),
      },
    ];
  }
  if (client.gender === 'female' || client.gender === 'male' || client.gender === 'other')
    patient.gender = client.gender;
  else if (client.gender === 'prefer_not_to_say') patient.gender = 'unknown';
  if (client.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(client.birthDate)) patient.birthDate = client.birthDate;
  return patient;
}

/** The answers of one item as FHIR answers: options as codings, free text as strings. */
function answersOf(
  base: string,
  def: QuestionnaireDefinition,
  item: string,
  value: unknown,
  display: (code: string) => string | undefined,
): Answer[] {
  const shape = itemShapeOf(def, item);
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((v): Answer[] => {
    if (v === undefined || v === null || v === '') return [];
    if (shape.type === 'choice') {
      const code = String(v);
      const label = display(code);
      return [
        {
          valueCoding: {
            system: optionSystemOf(base, def.id, item),
            code,
            ...(label ? { display: label } : {}),
          },
        },
      ];
    }
    if (typeof v === 'boolean') return [{ valueBoolean: v }];
    if (typeof v === 'number')
      return [shape.type === 'integer' && Number.isInteger(v) ? { valueInteger: v } : { valueDecimal: v }];
    return [{ valueString: String(v) }];
  });
}

/**
 * A client's questionnaire responses as one FHIR R4 Bundle of type collection (docs/fhir.md, ADR 131): the
 * Patient, an informant per kind who answered, a generated Questionnaire per definition version, and per response
 * a QuestionnaireResponse followed by an Observation for each scored scale, all linked by `urn:uuid` references.
 */
export function clientBundle(input: BundleInput): Bundle {
  const { base, client, responses, lang } = input;
  const entries: Resource[] = [];
  const patient = patientOf(client, base);
  const patientRef: Reference = { reference: urn(patient.id) };
  entries.push(patient);

  // informants other than the client: one RelatedPerson per kind (their names are not recorded)
  const informants = new Map<QuestionnaireRespondent, Reference>();
  for (const r of responses) {
    const who = r.respondent;
    if (who === null || who === 'self' || who === 'practitioner' || informants.has(who)) continue;
    const related: RelatedPerson = {
      resourceType: 'RelatedPerson',
      id: uuidOf('related-person', client.id, who),
      patient: patientRef,
      relationship: [
        {
          ...(who === 'guardian'
            ? { coding: [{ system: V3_ROLE, code: 'GUARD', display: 'guardian' }] }
            : {}),
          text: input.word(lang, `respondents.${who}`),
        },
      ],
    };
    informants.set(who, { reference: urn(related.id) });
    entries.push(related);
  }

  // one Questionnaire per definition version, in the language most of its responses were given in
  const versions = new Map<string, { def: QuestionnaireDefinition; langs: Lang[]; id: string }>();
  for (const r of responses) {
    const def = input.definitionOf(r);
    const key = `${def.id}|${def.version}`;
    const seen = versions.get(key) ?? { def, langs: [], id: uuidOf('questionnaire', client.id, key) };
    seen.langs.push(r.language);
    versions.set(key, seen);
  }
  for (const { def, langs, id } of versions.values()) {
    const counts = langs.reduce((m, l) => m.set(l, (m.get(l) ?? 0) + 1), new Map<Lang, number>());
    const main = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const others = [...counts.keys()].filter((l) => l !== main);
    entries.push(questionnaireOf(base, def, id, main, others, input.textsOf(def.formId, null)));
  }

  for (const r of responses) {
    const def = input.definitionOf(r);
    const texts = input.textsOf(def.formId, r.respondent);
    const text = (key: string) => texts(r.language, key);
    const authored = (r.submittedAt ?? r.updatedAt).toISOString();
    const items = def.itemIds.flatMap((linkId) => {
      const answer = answersOf(base, def, linkId, r.answers[linkId], (code) =>
        text(`${linkId}.options.${code}`),
      );
      if (answer.length === 0) return [];
      const label = text(`${linkId}.label`);
      return [{ linkId, ...(label ? { text: label } : {}), answer }];
    });
    const response: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      id: r.id,
      language: r.language,
      ...(r.respondent
        ? { extension: [{ url: `${base}/StructureDefinition/informant`, valueCode: r.respondent }] }
        : {}),
      questionnaire: `${canonicalOf(base, def.id)}|${def.version}`,
      status: 'completed',
      subject: patientRef,
      authored,
      item: items,
    };
    const source =
      r.respondent === 'self' ? patientRef : r.respondent ? informants.get(r.respondent) : undefined;
    if (source) response.source = source;
    entries.push(response);

    const title = text('_form.title') ?? def.id;
    for (const scale of r.result?.scales ?? []) {
      if (scale.score === null) continue;
      const scaleLabel = text(scale.labelKey) ?? scale.id;
      const display = `${title}: ${scaleLabel}`;
      const observation: Observation = {
        resourceType: 'Observation',
        id: uuidOf('observation', r.id, scale.id),
        language: r.language,
        status: 'final',
        category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'survey', display: 'Survey' }] }],
        code: {
          coding: [{ system: `${base}/CodeSystem/scales`, code: `${def.id}.${scale.id}`, display }],
          text: display,
        },
        subject: patientRef,
        effectiveDateTime: authored,
        valueQuantity: quantity(scale.score, '{score}'),
        derivedFrom: [{ reference: urn(r.id) }],
      };
      if (scale.band)
        observation.interpretation = [
          interpretationOf(base, scale.band, text(scale.band.labelKey) ?? scale.band.id),
        ];
      const components: NonNullable<Observation['component']> = [];
      const normed = scale.normed;
      if (normed?.t !== undefined)
        components.push({
          code: {
            coding: [{ system: `${base}/CodeSystem/normed-scores`, code: 't-score', display: 'T-score' }],
            text: input.word(r.language, 'csv.tScore'),
          },
          valueQuantity: quantity(normed.t, '{T-score}'),
        });
      if (normed?.percentile !== undefined)
        components.push({
          code: {
            coding: [
              { system: `${base}/CodeSystem/normed-scores`, code: 'percentile', display: 'Percentile' },
            ],
            text: input.word(r.language, 'csv.percentile'),
          },
          valueQuantity: quantity(normed.percentile, '{percentile}'),
        });
      if (components.length > 0) observation.component = components;
      entries.push(observation);
    }
  }

  return {
    resourceType: 'Bundle',
    id: uuidOf('bundle', client.id, input.now.toISOString()),
    type: 'collection',
    timestamp: input.now.toISOString(),
    entry: entries.map((resource) => ({ fullUrl: urn(resource.id), resource })),
  };
}
