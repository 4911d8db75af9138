/**
 * The texts of a locale file as the translator workflow sees them (ADR 124): every string leaf with its key
 * (`<namespace>:<dotted path>`, array items by index), placeholders compared between languages, and a text
 * set back into a file in the key order the file and its English original already have.
 */
import { isNode } from '../check-walk.ts';
import { SCHEMA_REF } from '../schema-ref.ts';

export type Segment = string;

/** One text of a locale file: its path from the file's root and the text. */
export interface Text {
  path: Segment[];
  text: string;
}

/** `questionnaires/mini` + `often.label` -> `questionnaires/mini:often.label` (a namespace holds no `:`). */
export const textKey = (ns: string, path: readonly Segment[]) => `${ns}:${path.join('.')}`;

export function splitKey(key: string): { ns: string; path: Segment[] } | undefined {
  const at = key.indexOf(':');
  if (at <= 0 || at === key.length - 1) return undefined;
  return { ns: key.slice(0, at), path: key.slice(at + 1).split('.') };
}

/** Every string of a locale file in document order; `"$schema"` is the editor's, not a text (ADR 123). */
export function textsOf(tree: unknown): Text[] {
  const texts: Text[] = [];
  const visit = (value: unknown, path: Segment[]) => {
    if (typeof value === 'string') texts.push({ path, text: value });
    else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, [...path, String(i)]);
    } else if (isNode(value))
      for (const [key, child] of Object.entries(value))
        if (path.length > 0 || key !== SCHEMA_REF) visit(child, [...path, key]);
  };
  visit(tree, []);
  return texts;
}

/** The string at `path`, or undefined. */
export function textAt(tree: unknown, path: readonly Segment[]): string | undefined {
  let node = tree;
  for (const part of path) {
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isNode(node)) node = Object.hasOwn(node, part) ? node[part] : undefined;
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

/** What a text must keep whatever the language: its `{{placeholders}}` and `<tags>`, sorted, each once. */
export function placeholdersOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*-?\s*([^},\s]+)[^}]*\}\}/g)) found.add(`{{${m[1]}}}`);
  for (const m of text.matchAll(/<(\/?)([A-Za-z0-9]+)\s*(\/?)>/g)) found.add(`<${m[1]}${m[2]}${m[3]}>`);
  return [...found].sort();
}

/** A text with letters of its own: not only placeholders, digits and marks (those read the same in any language). */
export const hasWords = (text: string) =>
  /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, '').replace(/<\/?[A-Za-z0-9]+\s*\/?>/g, ''));

/**
 * Sets `text` at `path` in `tree` (changed in place), creating what is missing in the shape of `original` (the
 * English file): a new key goes after the keys that precede it in the original, so a file keeps its order.
 */
export function setText(
  tree: Record<string, unknown>,
  original: unknown,
  path: readonly Segment[],
  text: string,
) {
  let node: unknown = tree;
  let model: unknown = original;
  path.forEach((part, i) => {
    const last = i === path.length - 1;
    const modelChild = Array.isArray(model) ? model[Number(part)] : isNode(model) ? model[part] : undefined;
    const fresh = () => (last ? text : Array.isArray(modelChild) ? [] : {});
    if (Array.isArray(node)) {
      if (last || node[Number(part)] === undefined) node[Number(part)] = fresh();
      node = node[Number(part)];
    } else if (isNode(node)) {
      if (last || !Object.hasOwn(node, part))
        insertKey(node, part, fresh(), isNode(model) ? Object.keys(model) : []);
      node = node[part];
    }
    model = modelChild;
  });
}

/** Puts `key` in `node` (in place): where it is, or else after the keys the original order puts before it. */
function insertKey(node: Record<string, unknown>, key: string, value: unknown, order: string[]) {
  if (Object.hasOwn(node, key)) {
    node[key] = value;
    return;
  }
  const rank = order.indexOf(key);
  const entries = Object.entries(node);
  let at = rank === -1 ? entries.length : 0;
  if (rank !== -1)
    entries.forEach(([k], i) => {
      const r = order.indexOf(k);
      if (r !== -1 && r < rank) at = i + 1;
    });
  entries.splice(at, 0, [key, value]);
  for (const k of Object.keys(node)) delete node[k];
  Object.assign(node, Object.fromEntries(entries));
}
