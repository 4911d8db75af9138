/** Where a questionnaire's items and groups come from: the form's schema and UI schema. */
import type { JsonSchema, UiSchema } from '../types.ts';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Top-level properties in display order: `ui:order` (with `*` for the rest) or the schema's order. */
export function itemIdsOf(schema: JsonSchema, uiSchema: UiSchema): string[] {
  const properties = Object.keys(isPlainObject(schema.properties) ? schema.properties : {});
  const order = Array.isArray(uiSchema['ui:order']) ? uiSchema['ui:order'].map(String) : undefined;
  if (!order) return properties;
  const named = order.filter((name) => name !== '*' && properties.includes(name));
  const rest = properties.filter((name) => !named.includes(name));
  const star = order.indexOf('*');
  if (star === -1) return [...named, ...rest];
  const before = order.slice(0, star).filter((name) => named.includes(name));
  const after = order.slice(star + 1).filter((name) => named.includes(name));
  return [...before, ...rest, ...after];
}

/** The groups of the UI schema (`ui:options.groups`): group id -> the items it holds. */
export function groupsOf(uiSchema: UiSchema): Map<string, string[]> {
  const options = isPlainObject(uiSchema['ui:options']) ? uiSchema['ui:options'] : {};
  const groups = Array.isArray(options.groups) ? options.groups : [];
  const result = new Map<string, string[]>();
  for (const group of groups) {
    if (isPlainObject(group) && typeof group.id === 'string')
      result.set(group.id, Array.isArray(group.fields) ? group.fields.map(String) : []);
  }
  return result;
}

/** The answer values an item offers (`enum`, or `oneOf`/`anyOf` of `const`), as strings; none for free items. */
export function optionValuesOf(schema: JsonSchema, item: string): string[] | undefined {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const property = properties[item];
  if (!isPlainObject(property)) return undefined;
  if (Array.isArray(property.enum)) return property.enum.map(String);
  const choices = Array.isArray(property.oneOf) ? property.oneOf : property.anyOf;
  if (Array.isArray(choices))
    return choices.filter((c) => isPlainObject(c) && 'const' in c).map((c) => String(c.const));
  return undefined;
}
