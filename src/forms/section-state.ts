/** Whether a section is complete, in progress or empty: one rule for the tabs, the list and the submit check. */
import type { SectionState } from '../shared/intake.ts';
import type { JsonSchema } from './types.ts';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether the practitioner answered anything: a non-blank text, a list with an entry, a number or choice
 * other than the schema's default (a slider left at its default 5 is not an answer).
 */
export function hasAnswers(schema: JsonSchema, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '' && value !== schema.default;
  if (Array.isArray(value)) return value.length > 0;
  if (isNode(value)) {
    const properties = isNode(schema.properties) ? schema.properties : {};
    return Object.entries(value).some(([key, item]) =>
      hasAnswers(isNode(properties[key]) ? (properties[key] as JsonSchema) : {}, item),
    );
  }
  return value !== schema.default;
}

/** The state of a section's data (undefined: never saved), given whether it passes full validation. */
export function sectionState(schema: JsonSchema, data: unknown, valid: boolean): SectionState {
  if (valid && data !== undefined) return 'complete';
  return hasAnswers(schema, data) ? 'in_progress' : 'empty';
}
