/**
 * The few FHIR R4 shapes the export writes (https://hl7.org/fhir/R4/), typed only as far as we fill them; the tests
 * check every resource against the published R4 JSON schema as well (ADR 131).
 */

export interface Coding {
  system?: string;
  code: string;
  display?: string;
}

export interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}

export interface Reference {
  reference: string;
  display?: string;
}

export interface Extension {
  url: string;
  valueCode?: string;
  valueString?: string;
  extension?: Extension[];
}

/** A primitive's sibling element (`_text`, `_title`): here only its translations. */
export interface PrimitiveExtension {
  extension: Extension[];
}

export interface Quantity {
  value: number;
  unit: string;
  system: string;
  code: string;
}

export interface Patient {
  resourceType: 'Patient';
  id: string;
  identifier: Array<{ system: string; value: string }>;
  name?: Array<{ family?: string; given?: string[]; text: string }>;
  gender?: 'male' | 'female' | 'other' | 'unknown';
  birthDate?: string;
}

export interface RelatedPerson {
  resourceType: 'RelatedPerson';
  id: string;
  patient: Reference;
  relationship: CodeableConcept[];
}

export interface QuestionnaireItem {
  linkId: string;
  text?: string;
  _text?: PrimitiveExtension;
  type: 'choice' | 'string' | 'text' | 'integer' | 'decimal' | 'boolean';
  required?: boolean;
  repeats?: boolean;
  answerOption?: Array<{ valueCoding: Coding & { _display?: PrimitiveExtension } }>;
}

export interface Questionnaire {
  resourceType: 'Questionnaire';
  id: string;
  language: string;
  url: string;
  version: string;
  name: string;
  title: string;
  _title?: PrimitiveExtension;
  status: 'active';
  subjectType: ['Patient'];
  copyright?: string;
  item: QuestionnaireItem[];
}

export type Answer =
  | { valueCoding: Coding }
  | { valueString: string }
  | { valueInteger: number }
  | { valueDecimal: number }
  | { valueBoolean: boolean };

export interface QuestionnaireResponse {
  resourceType: 'QuestionnaireResponse';
  id: string;
  language: string;
  extension?: Extension[];
  questionnaire: string;
  status: 'completed';
  subject: Reference;
  authored: string;
  source?: Reference;
  item: Array<{ linkId: string; text?: string; answer: Answer[] }>;
}

export interface Observation {
  resourceType: 'Observation';
  id: string;
  language: string;
  status: 'final';
  category: CodeableConcept[];
  code: CodeableConcept;
  subject: Reference;
  effectiveDateTime: string;
  valueQuantity: Quantity;
  interpretation?: CodeableConcept[];
  derivedFrom: Reference[];
  component?: Array<{ code: CodeableConcept; valueQuantity: Quantity }>;
}

export type Resource = Patient | RelatedPerson | Questionnaire | QuestionnaireResponse | Observation;

export interface Bundle {
  resourceType: 'Bundle';
  id: string;
  type: 'collection';
  timestamp: string;
  entry: Array<{ fullUrl: string; resource: Resource }>;
}
