import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeEmail } from '../shared';
import { validationFailed } from './errors';

/**
 * Only the properties the form declares: the API adds keys (e.g. `email` on step 2) the form does not hold.
 * An empty string in an optional field means "not given".
 */
export function formFields(app: FastifyInstance, formId: string, body: unknown): Record<string, unknown> {
  const { schema } = app.engine.registry.get(formId);
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(properties)) {
    const value = source[key];
    if (!Object.hasOwn(source, key) || value === undefined || value === null) continue;
    if (value === '' && !required.has(key)) continue;
    // Users type e-mail in any case and with stray spaces; we compare and store it trimmed and lower-cased.
    picked[key] = key === 'email' && typeof value === 'string' ? normalizeEmail(value) : value;
  }
  return picked;
}

/**
 * Full validation with the form engine, the same rules the browser applied.
 * Throws 400 VALIDATION_FAILED with one translated message per field path.
 */
export function validateForm(request: FastifyRequest, formId: string, data: Record<string, unknown>): void {
  const errors = request.server.engine.validate(formId, undefined, data, {
    mode: 'full',
    lang: request.lang,
  });
  if (errors.length === 0) return;
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const path = error.path || '_form';
    fields[path] ??= error.message;
  }
  throw validationFailed(fields);
}
