/**
 * Bundle guards of check:forms: what a schema or UI schema may not use because the client build leaves the
 * RJSF part that would draw it out (ADR 009) or ships no Markdown renderer (ADR 008).
 */
import { isNode, type Node, type Problem, resolveLocalRef, walk } from './check-walk';
import { formats } from './formats.ts';

/**
 * Keywords an `allOf` member (or a `$ref`'s sibling) may carry: the client's small merge handles exactly these
 * (src/client/forms/all-of-merge.ts, ADR 009).
 */
export const ALL_OF_KEYWORDS: ReadonlySet<string> = new Set([
  'minLength',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'minProperties',
  'maxLength',
  'maximum',
  'exclusiveMaximum',
  'maxItems',
  'maxProperties',
  'title',
  'description',
  'errorMessage',
  'default',
  'examples',
  '$comment',
  'pattern',
  'required',
  'properties',
]);

/**
 * Refuses what the client build leaves out (ADR 009): `$id` and a `$ref` that is not a local `#/` pointer (no
 * URI library), `allOf` members or `$ref` siblings with other keywords (a small merge), `patternProperties`,
 * `anyOf`/`oneOf` (no multi-schema field) and the `data-url` format (no RJSF file widget); and a format
 * src/forms/formats.ts does not define.
 */
export function checkClientMergeable(schema: unknown, file: string): Problem[] {
  const problems: Problem[] = [];
  const refuse = (path: string, message: string) =>
    problems.push({ file, path, message: `${message} (ADR 009)` });
  const onlyMergeable = (node: Node, path: string, what: string, except: string) => {
    for (const key of Object.keys(node)) {
      if (key !== except && !ALL_OF_KEYWORDS.has(key))
        refuse(`${path}.${key}`, `${what} may not use "${key}": the client cannot merge it for drawing`);
    }
  };
  walk(schema, '$', (node, at) => {
    if (!isNode(node)) return;
    if (typeof node.$id === 'string')
      refuse(`${at}.$id`, '$id is not supported: forms are addressed by their path');
    if (typeof node.$ref === 'string') {
      if (!node.$ref.startsWith('#')) refuse(`${at}.$ref`, 'only local references (#/...) are supported');
      onlyMergeable(node, at, 'a $ref sibling', '$ref');
    }
    if (node.patternProperties !== undefined)
      refuse(`${at}.patternProperties`, 'patternProperties is not supported');
    // the client bundles none of RJSF's multi-schema fields, nor its file widget
    for (const keyword of ['anyOf', 'oneOf'])
      if (node[keyword] !== undefined)
        refuse(`${at}.${keyword}`, `${keyword} is not supported: the client draws no option switcher`);
    if (node.format === 'data-url')
      refuse(`${at}.format`, 'data-url is not supported: use the fileUpload widget');
    else if (typeof node.format === 'string' && !Object.hasOwn(formats, node.format))
      // Ajv would ignore it and accept anything (ADR 099)
      problems.push({
        file,
        path: `${at}.format`,
        message: `unknown format "${node.format}": add it to src/forms/formats.ts first (ADR 099)`,
      });
    if (Array.isArray(node.allOf)) {
      for (const [i, member] of node.allOf.entries()) {
        if (isNode(member)) onlyMergeable(member, `${at}.allOf[${i}]`, 'an allOf member', '');
      }
    }
  });
  return problems;
}

/** Every drawn field (properties and array items, recursively) declares its type: RJSF's fallback field for
 * a field without one is left out of the client (ADR 009). */
export function checkFieldTypes(schema: unknown, file: string): Problem[] {
  const problems: Problem[] = [];
  const fieldsOf = (node: unknown, at: string) => {
    if (!isNode(node)) return;
    const fields: Array<[string, unknown]> = Object.entries(
      isNode(node.properties) ? node.properties : {},
    ).map(([name, field]) => [`${at}.properties.${name}`, field]);
    if (isNode(node.items)) fields.push([`${at}.items`, node.items]);
    for (const [path, field] of fields) {
      if (!isNode(field)) continue;
      // a local reference is drawn as the definition it points to
      const drawn =
        typeof field.$ref === 'string' ? { ...resolveLocalRef(schema, field.$ref), ...field } : field;
      if (drawn.type === undefined)
        problems.push({ file, path, message: 'a field must declare its type (ADR 009)' });
      fieldsOf(drawn, path);
    }
  };
  fieldsOf(schema, '$');
  return problems;
}

/**
 * Refuses `ui:field` anywhere in a UI schema (the client registers no custom or layout fields) and RJSF's
 * optional data controls (ADR 009).
 */
export function checkNoCustomField(ui: unknown, file: string): Problem[] {
  const problems: Problem[] = [];
  walk(ui, '$', (_, at, key, parentAt) => {
    if (key === 'ui:field' || (key === 'field' && parentAt.endsWith('.ui:options'))) {
      problems.push({
        file,
        path: at,
        message: 'ui:field is not supported: the client registers no custom or layout fields (ADR 009)',
      });
      return false;
    }
    if (key === 'enableOptionalDataFieldForType') {
      problems.push({
        file,
        path: at,
        message: `${key} is not supported: the client leaves out RJSF's optional data controls (ADR 009)`,
      });
      return false;
    }
  });
  return problems;
}

/** RJSF's options that render a description or help text as Markdown. */
const MARKDOWN_OPTIONS = new Set(['enableMarkdownInDescription', 'enableMarkdownInHelp']);

/**
 * Refuses Markdown options anywhere in a UI schema (`ui:<option>`, `ui:options`, `ui:globalOptions`): the
 * client bundles no Markdown renderer (ADR 008), so the option would show the raw marks.
 */
export function checkNoMarkdown(ui: unknown, file: string): Problem[] {
  const problems: Problem[] = [];
  walk(ui, '$', (value, at, key) => {
    if (typeof key !== 'string') return;
    const option = key.startsWith('ui:') ? key.slice(3) : key;
    if (MARKDOWN_OPTIONS.has(option) && value !== false) {
      problems.push({
        file,
        path: at,
        message: `${option} is not supported: the app ships no Markdown renderer (ADR 008); write plain text in the locale files`,
      });
      return false;
    }
  });
  return problems;
}
