import type { UiSchema } from '@rjsf/utils';

/**
 * The uiSchema with the named top-level fields drawn as RJSF hidden fields (a questionnaire's items whose
 * show-if is false). The schema is untouched: precompiled validators are tied to it.
 */
export function hideFields<T>(uiSchema: UiSchema<T>, fields: readonly string[]): UiSchema<T> {
  if (fields.length === 0) return uiSchema;
  const hidden: Record<string, unknown> = { ...uiSchema };
  for (const name of fields) {
    const own = hidden[name];
    hidden[name] = { ...(typeof own === 'object' && own !== null ? own : {}), 'ui:widget': 'hidden' };
  }
  return hidden as UiSchema<T>;
}
