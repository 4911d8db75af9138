import { getDefaultFormState, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { FormDefinition } from '../../../forms';
import type { SectionData } from './api/types';

/**
 * Whether two sections hold the same answers, whatever the key order, an absent key counting as undefined.
 * A walk that stops at the first difference: no copy, no text, cheap enough to ask on every save check.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of Object.keys(left)) if (!sameData(left[key], right[key])) return false;
  for (const key of Object.keys(right)) if (!(key in left) && right[key] !== undefined) return false;
  return true;
}

/** The section as the form shows it: saved answers plus the schema's defaults (sliders 5, ratings 3, ...). */
export function withDefaults(form: FormDefinition, validator: ValidatorType, data: SectionData): SectionData {
  return getDefaultFormState(validator, form.schema as RJSFSchema, data) as SectionData;
}

let counter = 0;
const temporaryId = () => `tmp-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Rows of repeating fields with an `id` property (medications, siblings) get a temporary id when added. */
export function withRowIds(form: FormDefinition, data: SectionData): SectionData {
  const properties = (form.schema.properties ?? {}) as Record<string, { type?: string; items?: RJSFSchema }>;
  let changed: SectionData | undefined;
  for (const [key, property] of Object.entries(properties)) {
    const rows = data[key];
    const itemProps = property.items?.properties as Record<string, unknown> | undefined;
    if (property.type !== 'array' || !itemProps?.id || !Array.isArray(rows)) continue;
    if (rows.every((row) => !row || typeof row !== 'object' || typeof (row as SectionData).id === 'string'))
      continue;
    changed ??= { ...data };
    changed[key] = rows.map((row) =>
      row && typeof row === 'object' && typeof (row as SectionData).id !== 'string'
        ? { ...(row as SectionData), id: temporaryId() }
        : row,
    );
  }
  return changed ?? data;
}

/** Server field paths are prefixed by the section key (`medicalHistory.currentMedications.0.name`). */
export function sectionFields(
  fields: Record<string, string> | undefined,
  key: string,
): Record<string, string> {
  const own: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    if (path === key) own[''] = message;
    else if (path.startsWith(`${key}.`)) own[path.slice(key.length + 1)] = message;
  }
  return own;
}

/** 'Ayşe Yılmaz' from a demographics section: the parts given, trimmed; '' when none is. */
export function clientNameOf(demographics: SectionData | undefined): string {
  return [demographics?.clientFirstName, demographics?.clientLastName]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim())
    .join(' ');
}
