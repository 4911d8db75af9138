/**
 * Messages a saved draft keeps beside its fields (ADR 003): the full-validation errors of answers that were
 * typed but are not right yet (a phone too short, a date in the future). Fields left empty get no message
 * until a submit: nobody needs telling that what they have not reached yet is missing.
 */
import { type FieldError, valueAt } from '../../../forms';

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** `{ path: message }` of the errors on answered fields. */
export function draftHints(fullErrors: readonly FieldError[], data: unknown): Record<string, string> {
  const hints: Record<string, string> = {};
  for (const error of fullErrors) {
    if (error.rule === 'required' || !error.path) continue;
    if (isBlank(valueAt(data, error.path.split('.')))) continue;
    hints[error.path] ??= error.message;
  }
  return hints;
}
