import type { Translate } from './locales';
import type { FormDefinition, JsonSchema, Lang, UiSchema } from './types';

type Node = Record<string, unknown>;

function asNode(value: unknown): Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Node) : {};
}

function optionLabels(values: unknown[], t: (key: string) => string | undefined, path: string) {
  return Object.fromEntries(values.map((v) => [String(v), t(`${path}.options.${String(v)}`) ?? String(v)]));
}

interface Walk {
  t: (key: string) => string | undefined;
}

function walk(schema: JsonSchema, ui: Node, path: string, ctx: Walk): Node {
  const node: Node = { ...ui };
  const options: Node = { ...asNode(ui['ui:options']) };
  const { t } = ctx;

  if (path) {
    const label = t(`${path}.label`);
    if (label !== undefined) node['ui:title'] = label;
    const help = t(`${path}.help`);
    if (help !== undefined) node['ui:description'] = help;
    const placeholder = t(`${path}.placeholder`);
    if (placeholder !== undefined) node['ui:placeholder'] = placeholder;
  }
  if (Array.isArray(schema.enum)) node['ui:enumNames'] = optionLabels(schema.enum, t, path);
  if (Array.isArray(options.marks)) {
    options.markLabels = Object.fromEntries(
      options.marks.map((m) => [String(m), t(`${path}.marks.${String(m)}`) ?? String(m)]),
    );
  }
  if (Array.isArray(options.suggestions)) {
    options.suggestionLabels = optionLabels(options.suggestions, t, path);
  }

  const properties = asNode(schema.properties);
  for (const [name, child] of Object.entries(properties)) {
    node[name] = walk(asNode(child) as JsonSchema, asNode(ui[name]), path ? `${path}.${name}` : name, ctx);
  }

  if (schema.type === 'array') {
    const items = asNode(schema.items) as JsonSchema;
    const itemsUi = asNode(ui.items);
    if (Array.isArray(items.enum)) {
      // multi-picks: RJSF reads option labels from the items' uiSchema
      node.items = { ...itemsUi, 'ui:enumNames': optionLabels(items.enum, t, path) };
    } else if (items.type === 'object') {
      // an item's fields share the array's path: `currentMedications.name`
      const item = walk(items, itemsUi, path, ctx);
      // the array's own label and hint are not repeated on each row
      delete item['ui:title'];
      delete item['ui:description'];
      delete item['ui:placeholder'];
      node.items = item;
      const addLabel = t(`${path}.addLabel`);
      if (addLabel !== undefined) options.addLabel = addLabel;
      const itemLabel = t(`${path}.itemLabel`);
      if (itemLabel !== undefined) options.itemLabel = itemLabel;
    }
  }

  if (!path && Array.isArray(options.groups)) {
    options.groups = options.groups.map((group) => {
      const g = asNode(group);
      const id = String(g.id);
      return {
        ...g,
        title: t(`_groups.${id}.title`) ?? id,
        description: t(`_groups.${id}.description`),
      };
    });
  }

  if (Object.keys(options).length > 0) node['ui:options'] = options;
  return node;
}

/**
 * The uiSchema of one form version in one language: the structural UI schema with every label,
 * hint, placeholder, option label, mark and row label filled in from `locales/` (ADR 002).
 * The JSON Schema itself is never touched: precompiled validators are tied to it.
 */
export function buildUiSchema(form: FormDefinition, lang: Lang, translate: Translate): UiSchema {
  const t = (key: string) => translate(lang, form.id, key);
  return walk(form.schema, asNode(form.uiSchema), '', { t }) as UiSchema;
}

/** Every widget name a UI schema gives (`ui:widget`), at any depth: which widgets drawing the form takes. */
export function widgetNamesOf(ui: unknown): string[] {
  const names = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (typeof value === 'object' && value !== null)
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'ui:widget' && typeof inner === 'string') names.add(inner);
        else visit(inner);
      }
  };
  visit(ui);
  return [...names].sort();
}
