/** Conversions between RJSF's error objects and the engine's (Ajv-shaped in, FieldError out). */
import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import type { FieldError, JsonSchema, RawError, UiSchema } from '../../forms';

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** An RJSF error back to Ajv's shape: RJSF appended a `required` error's missing property to its path. */
export function toRawError(error: RJSFValidationError): RawError {
  const segments = (error.property ?? '').split('.').filter(Boolean);
  const params = (error.params ?? {}) as Record<string, unknown>;
  if (error.name === 'required' && 'missingProperty' in params) segments.pop();
  return {
    instancePath: segments.map((s) => `/${escapePointer(s)}`).join(''),
    keyword: error.name ?? '',
    params,
    message: error.message,
  };
}

/** A translated engine error as RJSF shows it (summary and field). */
export function toRjsfError(error: FieldError): RJSFValidationError {
  return {
    name: error.rule,
    property: error.path ? `.${error.path}` : '',
    message: error.message,
    params: error.params,
    stack: error.message,
    schemaPath: '',
    title: '',
  };
}

/** An RJSF error (already translated by SchemaForm) as the engine's FieldError. */
export function toFieldError(error: RJSFValidationError): FieldError {
  const path = (error.property ?? '').split('.').filter(Boolean).join('.');
  return {
    path,
    field: path
      .split('.')
      .filter((s) => !/^\d+$/.test(s))
      .join('.'),
    rule: error.name ?? '',
    params: (error.params ?? {}) as Record<string, unknown>,
    message: error.message ?? '',
  };
}

/**
 * Server field errors (`{ 'siblings.0.name': 'Sibling name is required' }`, the API's `fields`) as RJSF's
 * `extraErrors`; `''` is an error of the whole form.
 */
export function toErrorSchema<T = unknown>(fields: Record<string, string>): ErrorSchema<T> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(fields)) {
    let node = root;
    for (const segment of path.split('.').filter(Boolean)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), message];
  }
  return root as ErrorSchema<T>;
}

/** Top-level fields in the order the page shows them: groups, then `ui:order`, then the schema's. */
export function fieldOrder(schema: JsonSchema, uiSchema: UiSchema): Map<string, number> {
  const names = Object.keys((schema.properties ?? {}) as object);
  const options = (uiSchema['ui:options'] ?? {}) as { groups?: { fields?: string[] }[] };
  const uiOrder = Array.isArray(uiSchema['ui:order']) ? (uiSchema['ui:order'] as string[]) : [];
  const ordered: string[] = [];
  for (const group of options.groups ?? []) ordered.push(...(group.fields ?? []));
  for (const name of uiOrder) if (name !== '*') ordered.push(name);
  ordered.push(...names);
  const order = new Map<string, number>();
  for (const name of ordered) if (!order.has(name)) order.set(name, order.size);
  return order;
}

/** Sorts errors into page order, so the summary and focus-on-first-error follow the form. */
export function sortByFieldOrder<E extends { path: string }>(errors: E[], order: Map<string, number>): E[] {
  const rank = (e: E) => order.get(e.path.split('.')[0] ?? '') ?? -1;
  return [...errors].sort((a, b) => rank(a) - rank(b));
}
