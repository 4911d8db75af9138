/** A saved section as label/value rows for the read-only summary, from the form's schema and localized uiSchema. */
import type { JsonSchema, UiSchema } from '../../../forms';
import { formatIsoDate } from '../../lib/format-time';

export type SummaryValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'rows'; rows: { title: string; fields: SummaryField[] }[] };

export interface SummaryField {
  name: string;
  label: string;
  value: SummaryValue;
}

export interface SummaryGroup {
  title?: string;
  fields: SummaryField[];
}

export interface SummaryWords {
  lang: string;
  /** '7 of 10' */
  outOf: (value: number, max: number) => string;
}

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {};

const DATE_FORMATS = new Set(['date', 'past-date', 'birth-date']);
/** Widgets that answer on a scale: '7 of 10'. Any other number (an age) is shown as the number it is. */
const SCALE_WIDGETS = new Set(['slider', 'ratingScale']);

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function optionLabel(labels: Node, value: unknown): string {
  const label = labels[String(value)];
  return typeof label === 'string' ? label : String(value);
}

function summaryValue(schema: Node, ui: Node, value: unknown, words: SummaryWords): SummaryValue {
  if (schema.type === 'array') {
    const items = asNode(schema.items);
    if (!Array.isArray(value) || value.length === 0) return { kind: 'list', items: [] };
    if (items.type === 'object') {
      const itemUi = asNode(ui.items);
      const itemLabel = asNode(ui['ui:options']).itemLabel;
      return {
        kind: 'rows',
        rows: value.map((row, index) => ({
          title:
            typeof itemLabel === 'string'
              ? itemLabel.replaceAll('{{index}}', String(index + 1))
              : String(index + 1),
          fields: fieldsOf(items, itemUi, asNode(row), words),
        })),
      };
    }
    const labels = asNode(asNode(ui.items)['ui:enumNames']);
    return { kind: 'list', items: value.map((item) => optionLabel(labels, item)) };
  }
  if (isBlank(value)) return { kind: 'empty' };
  if (Array.isArray(schema.enum))
    return { kind: 'text', text: optionLabel(asNode(ui['ui:enumNames']), value) };
  if (typeof value === 'string' && typeof schema.format === 'string' && DATE_FORMATS.has(schema.format)) {
    return { kind: 'text', text: formatIsoDate(value, words.lang) };
  }
  if (
    typeof value === 'number' &&
    typeof schema.maximum === 'number' &&
    SCALE_WIDGETS.has(String(ui['ui:widget']))
  ) {
    const marks = asNode(asNode(ui['ui:options']).markLabels);
    const mark = marks[String(value)];
    const scale = words.outOf(value, schema.maximum);
    return {
      kind: 'text',
      text: typeof mark === 'string' && mark !== String(value) ? `${scale} – ${mark}` : scale,
    };
  }
  return { kind: 'text', text: String(value) };
}

function fieldsOf(schema: Node, ui: Node, data: Node, words: SummaryWords, names?: string[]): SummaryField[] {
  const properties = asNode(schema.properties);
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]).filter((n) => n !== '*') : [];
  const chosen = names ?? [...new Set([...order, ...Object.keys(properties)])];
  return chosen
    .filter((name) => name in properties && asNode(ui[name])['ui:widget'] !== 'hidden')
    .map((name) => {
      const fieldUi = asNode(ui[name]);
      const title = fieldUi['ui:title'];
      return {
        name,
        label: typeof title === 'string' ? title : name,
        value: summaryValue(asNode(properties[name]), fieldUi, data[name], words),
      };
    });
}

/** The section's fields in page order, under the titles of their groups. */
export function summarizeSection(
  schema: JsonSchema,
  uiSchema: UiSchema,
  data: Record<string, unknown>,
  words: SummaryWords,
): SummaryGroup[] {
  const ui = uiSchema as Node;
  const groups = (asNode(ui['ui:options']).groups ?? []) as { title?: string; fields?: string[] }[];
  const grouped = new Set(groups.flatMap((g) => g.fields ?? []));
  const result: SummaryGroup[] = groups.map((group) => ({
    title: group.title,
    fields: fieldsOf(schema, ui, data, words, group.fields ?? []),
  }));
  const rest = fieldsOf(schema, ui, data, words).filter((field) => !grouped.has(field.name));
  if (rest.length > 0) result.push({ fields: rest });
  return result;
}
