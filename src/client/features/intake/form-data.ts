import { getDefaultFormState, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { FormDefinition } from '../../../forms';
import type { SectionData } from './api/types';

/** JSON with sorted keys and without undefined: equal data gives equal text whatever the key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      return Object.fromEntries(
        Object.keys(item)
          .sort()
          .map((key) => [key, (item as Record<string, unknown>)[key]]),
      );
    }
    return item;
  });
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
