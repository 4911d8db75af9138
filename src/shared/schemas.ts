import type { FromSchema } from 'json-schema-to-ts';

/**
 * The building blocks of the API's JSON Schemas (ADR 117): plain objects `as const`, read by Fastify's Ajv on the
 * server and by `FromSchema` for the types of both sides. Nothing here runs a library, so the browser pays nothing.
 */

/** The languages a request, an account or a response may be in. */
export const LANGUAGES = ['en', 'tr'] as const;
export const languageSchema = { type: 'string', enum: LANGUAGES } as const;

/** A record id as the database makes it; anything else names no record (a 404, never a uuid column error). */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const UUID = new RegExp(UUID_PATTERN);
export const isUuid = (id: string): boolean => UUID.test(id);

/** `/:id` of every record route; whether it names a record is the route's to say (404). */
export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;
export type IdParams = FromSchema<typeof idParamsSchema>;

/** A record's optimistic-concurrency version (ADR 031). */
export const versionSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** Answers are one object of items; their shape is the pinned form's to check, with the engine. */
export const answersSchema = { type: 'object', maxProperties: 500 } as const;
export type Answers = Record<string, unknown>;

export const emailSchema = {
  type: 'string',
  maxLength: 254,
  pattern: '^[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+$',
} as const;

/** An instant as the API writes it: ISO 8601 in UTC. */
export const instantSchema = { type: 'string', format: 'date-time' } as const;
export const nullableInstantSchema = { type: ['string', 'null'], format: 'date-time' } as const;
export const nullableStringSchema = { type: ['string', 'null'] } as const;

/** `{ ok: true }`: done, nothing to tell. */
export const okSchema = {
  type: 'object',
  required: ['ok'],
  properties: { ok: { type: 'boolean', const: true } },
} as const;

/** A 204: the answer has no body. */
export const noContentSchema = { description: 'No content', type: 'null' } as const;

/** The bytes of a file in an answer. */
export const binarySchema = { type: 'string', format: 'binary' } as const;

/** An answer that is a file (a download, an upload read back, a CSV): declared by its content type. */
export function fileSchema(description: string, contentType: string, schema: object = { type: 'string' }) {
  return { description, content: { [contentType]: { schema } } };
}
