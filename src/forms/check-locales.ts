/**
 * Locale checks of check:forms: every word a form draws exists in every language, every namespace has the
 * same keys in every language, and locale files live under a language folder.
 */
import { getPath, isNode, leafKeys, type Problem } from './check-walk';
import { OVERLAYS_KEY, type Resources } from './locales';
import { type FormDefinition, type JsonSchema, LANGS, type Lang } from './types';

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

/** The words one form needs in one language: title, group titles, and per field label, messages, options. */
export function checkFormWords(form: FormDefinition, lang: Lang, resources: Resources): Problem[] {
  const file = `locales/${lang}/${form.id}.json`;
  const words = resources[lang][form.id];
  if (!words) return [{ file, path: '$', message: `missing: form ${form.id} has no ${lang} locale file` }];
  const problems: Problem[] = [];
  const need = (key: string, why: string) => {
    if (typeof getPath(words, key) !== 'string')
      problems.push({ file, path: key, message: `missing key (${why})` });
  };
  const hasMessage = (path: string, rule: string) =>
    typeof getPath(words, `${path}.errors.${rule}`) === 'string' ||
    typeof getPath(resources[lang].common, `validation.${rule}`) === 'string';
  const missingMessage = (path: string, rule: string, message: string) =>
    problems.push({ file, path: `${path}.errors.${rule}`, message });

  need('_form.title', 'form title');
  const groups = isNode(form.uiSchema['ui:options']) ? form.uiSchema['ui:options'].groups : undefined;
  if (Array.isArray(groups)) {
    for (const g of groups) if (isNode(g)) need(`_groups.${String(g.id)}.title`, 'group title');
  }

  const field = (schema: JsonSchema, ui: unknown, path: string) => {
    const uiNode = isNode(ui) ? ui : {};
    const options = isNode(uiNode['ui:options']) ? uiNode['ui:options'] : {};
    if (path) {
      need(`${path}.label`, 'label');
      for (const kw of MESSAGE_KEYWORDS) {
        if (kw in schema && !hasMessage(path, kw))
          missingMessage(path, kw, `missing message for rule ${kw} (nor validation.${kw} in common)`);
      }
      if (typeof schema.format === 'string' && !hasMessage(path, 'format')) {
        if (typeof getPath(resources[lang].common, `validation.format.${schema.format}`) !== 'string')
          missingMessage(path, 'format', `missing message for format ${schema.format}`);
      }
      const rules = [
        schema.errorMessage,
        ...(Array.isArray(schema.allOf)
          ? schema.allOf.map((s) => (isNode(s) ? s.errorMessage : undefined))
          : []),
      ];
      for (const rule of rules) {
        if (typeof rule === 'string' && !hasMessage(path, rule))
          missingMessage(path, rule, `missing message for rule ${rule}`);
      }
    }
    const enumOf = (s: unknown) => (isNode(s) && Array.isArray(s.enum) ? s.enum : undefined);
    const values = enumOf(schema) ?? (schema.type === 'array' ? enumOf(schema.items) : undefined);
    for (const v of values ?? []) need(`${path}.options.${String(v)}`, 'option label');
    if (Array.isArray(options.marks))
      for (const m of options.marks) need(`${path}.marks.${String(m)}`, 'scale mark');

    if (isNode(schema.properties)) {
      for (const [name, child] of Object.entries(schema.properties)) {
        if (isNode(child)) field(child as JsonSchema, uiNode[name], path ? `${path}.${name}` : name);
      }
    }
    if (schema.type === 'array' && isNode(schema.items) && schema.items.type === 'object') {
      need(`${path}.addLabel`, 'add-row button');
      const items = schema.items as JsonSchema;
      for (const [name, child] of Object.entries(isNode(items.properties) ? items.properties : {})) {
        if (isNode(child))
          field(
            child as JsonSchema,
            isNode(uiNode.items) ? uiNode.items[name] : undefined,
            `${path}.${name}`,
          );
      }
    }
  };
  field(form.schema, form.uiSchema, '');
  return problems;
}

/** Every namespace has the same keys in every language; informant overlays have their own check (check-overlays.ts). */
export function checkLocaleParity(resources: Resources): Problem[] {
  const problems: Problem[] = [];
  const namespaces = new Set(LANGS.flatMap((lang) => Object.keys(resources[lang])));
  const overlay = `${OVERLAYS_KEY}.`;
  for (const ns of namespaces) {
    const keysByLang = LANGS.map(
      (lang) => new Set(leafKeys(resources[lang][ns]).filter((key) => !key.startsWith(overlay))),
    );
    LANGS.forEach((lang, i) => {
      for (const [j, other] of LANGS.entries()) {
        if (i === j) continue;
        for (const key of keysByLang[j] ?? []) {
          if (!keysByLang[i]?.has(key))
            problems.push({
              file: `locales/${lang}/${ns}.json`,
              path: key,
              message: `missing key (present in ${other})`,
            });
        }
      }
    });
  }
  return problems;
}

/** Locale files live under `locales/en` or `locales/tr` (paths relative to `locales/`). */
export function checkLocaleFolders(paths: Iterable<string>): Problem[] {
  const problems: Problem[] = [];
  for (const path of paths) {
    if (!/^(en|tr)\//.test(path))
      problems.push({
        file: `locales/${path}`,
        path: '$',
        message: 'locale files live under locales/en or locales/tr',
      });
  }
  return problems;
}
