import { INTAKE_STATUSES, type IntakeStatus, type SectionData } from '../../../shared';
import { validationFailed } from '../../errors';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface IdParams {
  id: string;
}

export type SaveBody = { id?: string; status: IntakeStatus; version?: number } & Record<string, unknown>;

export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

const versionSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** A save: the record's status, optionally its id and version, and at least one section object. */
export function saveBodySchema(sectionKeys: string[]) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['status'],
    properties: {
      id: { type: 'string', maxLength: 64 },
      status: { type: 'string', enum: [...INTAKE_STATUSES] },
      version: versionSchema,
      ...Object.fromEntries(sectionKeys.map((key) => [key, { type: 'object' }])),
    },
    anyOf: sectionKeys.map((key) => ({ required: [key] })),
  };
}

/** The section objects of a save body, in manifest order. */
export function sectionsOf(body: SaveBody, sectionKeys: string[]): Record<string, SectionData> {
  const sections: Record<string, SectionData> = {};
  for (const key of sectionKeys) {
    const value = body[key];
    if (value !== undefined) sections[key] = value as SectionData;
  }
  return sections;
}

/** No body, `{}` or `{ version: <positive integer> }`; anything else is a 400. */
export function versionOf(body: unknown): number | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'object' || Array.isArray(body))
    throw validationFailed({ _form: { key: 'validation.invalid' } });
  const { version, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw validationFailed({ _form: { key: 'validation.invalid' } });
  if (version === undefined) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw validationFailed({ version: { key: 'validation.invalid' } });
  }
  return version;
}
