/**
 * Author checks of check:forms: what a content author can get wrong in `schemas/` whatever the client
 * bundles: UI schemas without a schema, fields and widgets a UI schema names, manifests naming forms.
 */
import { isNode, type Problem } from './check-walk';
import type { createRegistry } from './registry';
import type { JsonSchema } from './types';

/** A `vN.ui.json` with no `vN.schema.json` beside it (paths relative to `schemas/`). */
export function checkUiBesideSchema(schemaPaths: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  for (const path of schemaPaths) {
    if (
      /\/v[1-9][0-9]*\.ui\.json$/.test(path) &&
      !schemaPaths.has(path.replace(/\.ui\.json$/, '.schema.json'))
    ) {
      problems.push({
        file: `schemas/${path}`,
        path: '$',
        message: 'UI schema without a schema file beside it',
      });
    }
  }
  return problems;
}

/** A UI schema names only the schema's fields (keys, `ui:order`, groups) and registered widgets. */
export function checkUi(
  schema: JsonSchema,
  ui: unknown,
  file: string,
  widgets: ReadonlySet<string>,
  at = '$',
): Problem[] {
  if (!isNode(ui)) return [];
  const problems: Problem[] = [];
  const lacks = (path: string, name: string) =>
    problems.push({ file, path, message: `names a field the schema lacks: ${name}` });
  const properties = isNode(schema.properties) ? schema.properties : {};
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget') {
      if (typeof value !== 'string' || !widgets.has(value)) {
        problems.push({
          file,
          path: `${at}.ui:widget`,
          message: `widget is not registered: ${String(value)}`,
        });
      }
    } else if (key === 'ui:order' && Array.isArray(value)) {
      for (const name of value)
        if (name !== '*' && !(name in properties)) lacks(`${at}.ui:order`, String(name));
    } else if (key === 'ui:options' && isNode(value) && Array.isArray(value.groups)) {
      value.groups.forEach((group, i) => {
        const fields = isNode(group) && Array.isArray(group.fields) ? group.fields : [];
        for (const name of fields)
          if (!(String(name) in properties)) lacks(`${at}.ui:options.groups[${i}]`, String(name));
      });
    } else if (key === 'items') {
      const items = isNode(schema.items) ? (schema.items as JsonSchema) : undefined;
      if (!items) problems.push({ file, path: `${at}.items`, message: 'the schema here is not an array' });
      else problems.push(...checkUi(items, value, file, widgets, `${at}.items`));
    } else if (!key.startsWith('ui:')) {
      const child = properties[key];
      if (!isNode(child)) lacks(`${at}.${key}`, key);
      else problems.push(...checkUi(child as JsonSchema, value, file, widgets, `${at}.${key}`));
    }
  }
  return problems;
}

/** Every manifest lists parts, and each names a form and version the registry has. */
export function checkManifests(registry: ReturnType<typeof createRegistry>): Problem[] {
  const problems: Problem[] = [];
  for (const manifest of registry.manifests()) {
    const file = `schemas/${manifest.area}/manifest.json`;
    if (manifest.parts.length === 0)
      problems.push({ file, path: '$.parts', message: 'manifest lists no parts' });
    manifest.parts.forEach((part, i) => {
      if (!registry.has(part.form)) {
        problems.push({ file, path: `$.parts[${i}].form`, message: `names a missing form: ${part.form}` });
      } else if (!registry.has(part.form, part.version)) {
        problems.push({
          file,
          path: `$.parts[${i}].version`,
          message: `names a missing version: ${part.form} v${part.version}`,
        });
      }
    });
  }
  return problems;
}
