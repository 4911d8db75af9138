import type { ErrorSchema } from '@rjsf/utils';
import { toErrorSchema } from '../forms/rjsf-errors';
import { isApiError } from './api-error';

export type FieldErrorSchema = ErrorSchema;

/** The server's per-field messages of a failed call as SchemaForm `extraErrors`, or undefined. */
export function serverFieldErrors(error: unknown): FieldErrorSchema | undefined {
  if (!isApiError(error) || !error.fields || Object.keys(error.fields).length === 0) return undefined;
  return toErrorSchema(error.fields);
}

/** Adds one message on a top-level field (client-side checks such as 'email already registered'). */
export function withFieldError(
  schema: FieldErrorSchema | undefined,
  field: string,
  message: string,
): FieldErrorSchema {
  const next = { ...(schema ?? {}) } as Record<string, { __errors?: string[] }>;
  const node = next[field] ?? {};
  next[field] = { ...node, __errors: [...(node.__errors ?? []), message] };
  return next as FieldErrorSchema;
}
