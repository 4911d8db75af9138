import { createAjv } from './ajv';
import { createResources, type LocaleFiles, localePath } from './locales';
import { createRegistry, type SchemaFiles, schemaPath } from './registry';
import { type FormDefinition, type JsonSchema, LANGS } from './types';
import { WIDGET_NAMES } from './widget-names';

/** One thing a content author must fix: which file, where in it, and what is wrong. */
export interface Problem {
  file: string;
  path: string;
  message: string;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords whose errors need a message: a field key or a generic `validation.<rule>`. */
const MESSAGE_KEYWORDS = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'pattern',
  'const',
  'enum',
  'uniqueItems',
  'multipleOf',
];

function getPath(tree: unknown, key: string): unknown {
  let current = tree;
  for (const part of key.split('.')) {
    if (!isNode(current)) return undefined;
    current = current[part];
  }
  return current;
}

/** Every key (dotted) of a nested locale object whose value is a string. */
function leafKeys(tree: unknown, prefix = ''): string[] {
  if (!isNode(tree)) return prefix ? [prefix] : [];
  return Object.entries(tree).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * Checks the files of `schemas/` and `locales/` as a content author leaves them: schemas compile, UI schemas
 * name only real fields and registered widgets, every key exists in every language, manifests name real forms.
 */
export function checkForms(schemaFiles: SchemaFiles, localeFiles: LocaleFiles): Problem[] {
  const problems: Problem[] = [];
  const registry = createRegistry(schemaFiles);
  const resources = createResources(localeFiles);
  const ajv = createAjv();
  const widgets = new Set<string>(WIDGET_NAMES);

  const fileOf = (form: FormDefinition, kind: 'schema' | 'ui') =>
    `schemas/${form.id}/v${form.version}.${kind}.json`;

  const schemaPaths = new Set(Object.keys(schemaFiles).map(schemaPath));
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

  for (const form of registry.list()) {
    const schemaFile = fileOf(form, 'schema');
    const uiFile = fileOf(form, 'ui');
    checkClientMergeable(form.schema, '$', schemaFile, problems);
    checkNoCustomField(form.uiSchema, '$', uiFile, problems);
    checkFieldTypes(form.schema, '$', schemaFile, problems);
    try {
      ajv.compile(form.schema);
    } catch (error) {
      problems.push({
        file: schemaFile,
        path: '$',
        message: `does not compile: ${(error as Error).message}`,
      });
      continue;
    }
    checkUi(form.schema, form.uiSchema, '$', uiFile, widgets, problems);
    checkNoMarkdown(form.uiSchema, '$', uiFile, problems);
    for (const lang of LANGS) {
      const file = `locales/${lang}/${form.id}.json`;
      const words = resources[lang][form.id];
      if (!words) {
        problems.push({ file, path: '$', message: `missing: form ${form.id} has no ${lang} locale file` });
        continue;
      }
      const need = (key: string, why: string) => {
        if (typeof getPath(words, key) !== 'string')
          problems.push({ file, path: key, message: `missing key (${why})` });
      };
      need('_form.title', 'form title');
      const groups = isNode(form.uiSchema['ui:options']) ? form.uiSchema['ui:options'].groups : undefined;
      if (Array.isArray(groups)) {
        for (const g of groups) if (isNode(g)) need(`_groups.${String(g.id)}.title`, 'group title');
      }
      checkFieldKeys(form, form.schema, form.uiSchema, '', lang, need, resources, problems, file);
    }
  }

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

  // every interface namespace must have the same keys in every language
  const namespaces = new Set(LANGS.flatMap((lang) => Object.keys(resources[lang])));
  for (const ns of namespaces) {
    const keysByLang = LANGS.map((lang) => new Set(leafKeys(resources[lang][ns])));
    LANGS.forEach((lang, i) => {
      for (const [j, other] of LANGS.entries()) {
        if (i === j) continue;
        for (const key of keysByLang[j]!) {
          if (!keysByLang[i]!.has(key)) {
            problems.push({
              file: `locales/${lang}/${ns}.json`,
              path: key,
              message: `missing key (present in ${other})`,
            });
          }
        }
      }
    });
  }

  for (const key of Object.keys(localeFiles)) {
    const path = localePath(key);
    if (!/^(en|tr)\//.test(path)) {
      problems.push({
        file: `locales/${path}`,
        path: '$',
        message: 'locale files live under locales/en or locales/tr',
      });
    }
  }
  return problems;
}

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
 * `anyOf`/`oneOf` (no multi-schema field) and the `data-url` format (no RJSF file widget).
 */
function checkClientMergeable(schema: unknown, at: string, file: string, problems: Problem[]) {
  if (Array.isArray(schema)) {
    for (const [i, item] of schema.entries()) checkClientMergeable(item, `${at}[${i}]`, file, problems);
    return;
  }
  if (!isNode(schema)) return;
  const refuse = (path: string, message: string) =>
    problems.push({ file, path, message: `${message} (ADR 009)` });
  const onlyMergeable = (node: Node, path: string, what: string, except: string) => {
    for (const key of Object.keys(node)) {
      if (key !== except && !ALL_OF_KEYWORDS.has(key))
        refuse(`${path}.${key}`, `${what} may not use "${key}": the client cannot merge it for drawing`);
    }
  };
  if (typeof schema.$id === 'string')
    refuse(`${at}.$id`, '$id is not supported: forms are addressed by their path');
  if (typeof schema.$ref === 'string') {
    if (!schema.$ref.startsWith('#')) refuse(`${at}.$ref`, 'only local references (#/...) are supported');
    onlyMergeable(schema, at, 'a $ref sibling', '$ref');
  }
  if (schema.patternProperties !== undefined)
    refuse(`${at}.patternProperties`, 'patternProperties is not supported');
  // the client bundles none of RJSF's multi-schema fields, nor its file widget
  for (const keyword of ['anyOf', 'oneOf'])
    if (schema[keyword] !== undefined)
      refuse(`${at}.${keyword}`, `${keyword} is not supported: the client draws no option switcher`);
  if (schema.format === 'data-url')
    refuse(`${at}.format`, 'data-url is not supported: use the fileUpload widget');
  if (Array.isArray(schema.allOf)) {
    for (const [i, member] of schema.allOf.entries()) {
      if (isNode(member)) onlyMergeable(member, `${at}.allOf[${i}]`, 'an allOf member', '');
    }
  }
  for (const [key, value] of Object.entries(schema))
    checkClientMergeable(value, `${at}.${key}`, file, problems);
}

/** Every drawn field (properties and array items, recursively) declares its type: RJSF's fallback field for
 * a field without one is left out of the client (ADR 009). */
function checkFieldTypes(
  schema: unknown,
  at: string,
  file: string,
  problems: Problem[],
  root: unknown = schema,
) {
  if (!isNode(schema)) return;
  const fields: Array<[string, unknown]> = Object.entries(
    isNode(schema.properties) ? schema.properties : {},
  ).map(([name, field]) => [`${at}.properties.${name}`, field]);
  if (isNode(schema.items)) fields.push([`${at}.items`, schema.items]);
  for (const [path, field] of fields) {
    if (!isNode(field)) continue;
    // a local reference is drawn as the definition it points to
    const drawn = typeof field.$ref === 'string' ? { ...resolveLocalRef(root, field.$ref), ...field } : field;
    if (drawn.type === undefined)
      problems.push({ file, path, message: 'a field must declare its type (ADR 009)' });
    checkFieldTypes(drawn, path, file, problems, root);
  }
}

/** The node a `#/a/b` pointer names in `root`, or an empty object. */
function resolveLocalRef(root: unknown, ref: string): Node {
  if (!ref.startsWith('#')) return {};
  let node = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
    node = isNode(node) ? node[key] : undefined;
  }
  return isNode(node) ? node : {};
}

/**
 * Refuses `ui:field` anywhere in a UI schema (the client registers no custom or layout fields) and RJSF's
 * optional data controls (ADR 009).
 */
function checkNoCustomField(ui: unknown, at: string, file: string, problems: Problem[]) {
  if (Array.isArray(ui)) {
    for (const [i, item] of ui.entries()) checkNoCustomField(item, `${at}[${i}]`, file, problems);
    return;
  }
  if (!isNode(ui)) return;
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:field' || (key === 'field' && at.endsWith('.ui:options'))) {
      problems.push({
        file,
        path: `${at}.${key}`,
        message: 'ui:field is not supported: the client registers no custom or layout fields (ADR 009)',
      });
    } else if (key === 'enableOptionalDataFieldForType') {
      problems.push({
        file,
        path: `${at}.${key}`,
        message: `${key} is not supported: the client leaves out RJSF's optional data controls (ADR 009)`,
      });
    } else {
      checkNoCustomField(value, `${at}.${key}`, file, problems);
    }
  }
}

/** RJSF's options that render a description or help text as Markdown. */
const MARKDOWN_OPTIONS = new Set(['enableMarkdownInDescription', 'enableMarkdownInHelp']);

/**
 * Refuses Markdown options anywhere in a UI schema (`ui:<option>`, `ui:options`, `ui:globalOptions`): the
 * client bundles no Markdown renderer (ADR 008), so the option would show the raw marks.
 */
function checkNoMarkdown(ui: unknown, at: string, file: string, problems: Problem[]) {
  if (Array.isArray(ui)) {
    for (const [i, item] of ui.entries()) checkNoMarkdown(item, `${at}[${i}]`, file, problems);
    return;
  }
  if (!isNode(ui)) return;
  for (const [key, value] of Object.entries(ui)) {
    const option = key.startsWith('ui:') ? key.slice(3) : key;
    if (MARKDOWN_OPTIONS.has(option) && value !== false) {
      problems.push({
        file,
        path: `${at}.${key}`,
        message: `${option} is not supported: the app ships no Markdown renderer (ADR 008); write plain text in the locale files`,
      });
    } else {
      checkNoMarkdown(value, `${at}.${key}`, file, problems);
    }
  }
}

function checkUi(
  schema: JsonSchema,
  ui: unknown,
  at: string,
  file: string,
  widgets: Set<string>,
  problems: Problem[],
) {
  if (!isNode(ui)) return;
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
      for (const name of value) {
        if (name !== '*' && !(name in properties)) {
          problems.push({
            file,
            path: `${at}.ui:order`,
            message: `names a field the schema lacks: ${String(name)}`,
          });
        }
      }
    } else if (key === 'ui:options' && isNode(value) && Array.isArray(value.groups)) {
      value.groups.forEach((group, i) => {
        const fields = isNode(group) && Array.isArray(group.fields) ? group.fields : [];
        for (const name of fields) {
          if (!(String(name) in properties)) {
            problems.push({
              file,
              path: `${at}.ui:options.groups[${i}]`,
              message: `names a field the schema lacks: ${String(name)}`,
            });
          }
        }
      });
    } else if (key === 'items') {
      const items = isNode(schema.items) ? (schema.items as JsonSchema) : undefined;
      if (!items) problems.push({ file, path: `${at}.items`, message: 'the schema here is not an array' });
      else checkUi(items, value, `${at}.items`, file, widgets, problems);
    } else if (!key.startsWith('ui:')) {
      const child = properties[key];
      if (!isNode(child))
        problems.push({ file, path: `${at}.${key}`, message: `names a field the schema lacks: ${key}` });
      else checkUi(child as JsonSchema, value, `${at}.${key}`, file, widgets, problems);
    }
  }
}

function checkFieldKeys(
  form: FormDefinition,
  schema: JsonSchema,
  ui: unknown,
  path: string,
  lang: string,
  need: (key: string, why: string) => void,
  resources: ReturnType<typeof createResources>,
  problems: Problem[],
  file: string,
) {
  const uiNode = isNode(ui) ? ui : {};
  const options = isNode(uiNode['ui:options']) ? uiNode['ui:options'] : {};
  const common = resources[lang as 'en'].common;
  const hasMessage = (rule: string) =>
    typeof getPath(resources[lang as 'en'][form.id], `${path}.errors.${rule}`) === 'string' ||
    typeof getPath(common, `validation.${rule}`) === 'string';

  if (path) {
    need(`${path}.label`, 'label');
    for (const kw of MESSAGE_KEYWORDS) {
      if (kw in schema && !hasMessage(kw)) {
        problems.push({
          file,
          path: `${path}.errors.${kw}`,
          message: `missing message for rule ${kw} (nor validation.${kw} in common)`,
        });
      }
    }
    if (typeof schema.format === 'string' && !hasMessage('format')) {
      if (typeof getPath(common, `validation.format.${schema.format}`) !== 'string') {
        problems.push({
          file,
          path: `${path}.errors.format`,
          message: `missing message for format ${schema.format}`,
        });
      }
    }
    const messages = [
      schema.errorMessage,
      ...(Array.isArray(schema.allOf)
        ? schema.allOf.map((s) => (isNode(s) ? s.errorMessage : undefined))
        : []),
    ];
    for (const rule of messages) {
      if (typeof rule === 'string' && !hasMessage(rule)) {
        problems.push({ file, path: `${path}.errors.${rule}`, message: `missing message for rule ${rule}` });
      }
    }
  }
  const enumOf = (s: unknown) => (isNode(s) && Array.isArray(s.enum) ? s.enum : undefined);
  const values = enumOf(schema) ?? (schema.type === 'array' ? enumOf(schema.items) : undefined);
  for (const v of values ?? []) need(`${path}.options.${String(v)}`, 'option label');
  if (Array.isArray(options.marks))
    for (const m of options.marks) need(`${path}.marks.${String(m)}`, 'scale mark');

  if (isNode(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (!isNode(child)) continue;
      const childPath = path ? `${path}.${name}` : name;
      checkFieldKeys(
        form,
        child as JsonSchema,
        uiNode[name],
        childPath,
        lang,
        need,
        resources,
        problems,
        file,
      );
    }
  }
  if (schema.type === 'array' && isNode(schema.items) && schema.items.type === 'object') {
    need(`${path}.addLabel`, 'add-row button');
    const items = schema.items as JsonSchema;
    for (const [name, child] of Object.entries(isNode(items.properties) ? items.properties : {})) {
      if (!isNode(child)) continue;
      const itemsUi = isNode(uiNode.items) ? uiNode.items[name] : undefined;
      checkFieldKeys(
        form,
        child as JsonSchema,
        itemsUi,
        `${path}.${name}`,
        lang,
        need,
        resources,
        problems,
        file,
      );
    }
  }
}
