import type { FromSchema } from 'json-schema-to-ts';
import { instantSchema, nullableInstantSchema, versionSchema } from './schemas.ts';

/** A record is a draft until submitted complete; a reopen makes it a draft again (ADR 060). */
export const INTAKE_STATUSES = ['draft', 'submitted'] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];
const intakeStatusSchema = { type: 'string', enum: INTAKE_STATUSES } as const;

/** `complete`: passes full validation; `in_progress`: something is answered; `empty`: nothing is (ADR 060). */
export const SECTION_STATES = ['empty', 'in_progress', 'complete'] as const;
export type SectionState = (typeof SECTION_STATES)[number];

/** Section key -> its state, as the server computes it with every save (ADR 060). */
export const sectionStatesSchema = {
  type: 'object',
  additionalProperties: { type: 'string', enum: SECTION_STATES },
} as const;

/** The form id and version a section was filled against (ADR 001). */
export const formRefSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['form', 'version'],
  properties: { form: { type: 'string' }, version: { type: 'integer' } },
} as const;
export type FormRef = FromSchema<typeof formRefSchema>;

/** One section's answers, keyed by field. */
export type SectionData = Record<string, unknown>;

/**
 * GET /api/client-intake/:id: each manifest section (null when not filled) and the form version it uses. The
 * sections are keyed by the manifest, so they pass as they are (`additionalProperties`).
 */
export const intakeRecordViewSchema = {
  type: 'object',
  required: ['id', 'status', 'version', 'createdAt', 'updatedAt', 'submittedAt', 'forms'],
  properties: {
    id: { type: 'string' },
    status: intakeStatusSchema,
    version: { type: 'integer' },
    createdAt: instantSchema,
    updatedAt: instantSchema,
    submittedAt: nullableInstantSchema,
    forms: { type: 'object', additionalProperties: formRefSchema },
    sectionStates: sectionStatesSchema,
  },
  additionalProperties: true,
} as const;
export type IntakeRecordView = FromSchema<typeof intakeRecordViewSchema>;

/** One row of GET /api/client-intake, newest change first. */
export const intakeListItemViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'clientName', 'status', 'updatedAt', 'sectionStates'],
  properties: {
    id: { type: 'string' },
    clientName: { type: 'string' },
    status: intakeStatusSchema,
    updatedAt: instantSchema,
    sectionStates: sectionStatesSchema,
  },
} as const;
export type IntakeListItemView = FromSchema<typeof intakeListItemViewSchema>;

/** The answer of every save, submit and reopen; `sectionStates` of the sections the save wrote (all on a submit). */
export const intakeSaveViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'updatedAt', 'version', 'status'],
  properties: {
    id: { type: 'string' },
    updatedAt: instantSchema,
    version: { type: 'integer' },
    status: intakeStatusSchema,
    sectionStates: sectionStatesSchema,
  },
} as const;
export type IntakeSaveView = FromSchema<typeof intakeSaveViewSchema>;

/** The body of a 409 CONFLICT or INTAKE_SUBMITTED besides `{ code, message }`: where the record is now. */
export interface IntakeWhereItStands {
  updatedAt: string;
  version: number;
  status: IntakeStatus;
}

/** A save: the record's status, optionally its id and version, and the manifest's sections (objects). */
export type IntakeSaveBody = { id?: string; status: IntakeStatus; version?: number } & Record<
  string,
  unknown
>;

/** The save body for a manifest's section keys: at least one section object, nothing else. */
export function intakeSaveBodySchema(sectionKeys: string[]) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['status'],
    properties: {
      id: { type: 'string', maxLength: 64 },
      status: intakeStatusSchema,
      version: versionSchema,
      ...Object.fromEntries(sectionKeys.map((key) => [key, { type: 'object' }])),
    },
    anyOf: sectionKeys.map((key) => ({ required: [key] })),
  };
}

/** The optional body of a submit or a reopen: `{ version }` refuses a stale one. */
export const intakeVersionBodySchema = {
  type: ['object', 'null'],
  properties: { version: versionSchema },
} as const;

/** GET /api/client-intake/:id/deletion-impact: what goes with the record (counts only). */
export const deletionImpactViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['responses', 'results', 'links'],
  properties: {
    responses: { type: 'integer' },
    results: { type: 'integer' },
    links: { type: 'integer' },
  },
} as const;
export type DeletionImpactView = FromSchema<typeof deletionImpactViewSchema>;

/** GET /api/client-intake/:id/access-history: who read, changed, exported, printed the record, newest first. */
export const accessHistoryViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['entries'],
  properties: {
    entries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'at', 'action', 'actorKind', 'recordType', 'address', 'byMe'],
        properties: {
          id: { type: 'string' },
          at: instantSchema,
          action: { type: 'string' },
          actorKind: { type: 'string', enum: ['practitioner', 'operator', 'link'] },
          recordType: { type: 'string' },
          address: { type: ['string', 'null'] },
          byMe: { type: 'boolean' },
        },
      },
    },
  },
} as const;
export type AccessHistoryView = FromSchema<typeof accessHistoryViewSchema>;

/** GET /api/client-intake/:id/export: the record as a JSON download. */
export const intakeExportViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['exportedAt', 'record'],
  properties: { exportedAt: instantSchema, record: intakeRecordViewSchema },
} as const;
