/** One thing a content author must fix: which file, where in it, and what is wrong. */
export interface Problem {
  file: string;
  path: string;
  message: string;
}

export type Node = Record<string, unknown>;
export const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What a walk is told of each value: its JSON path, its key in the parent (an index in an array; none for the
 * root) and the parent's path. Returning `false` (and only that) keeps the walk out of the value's children.
 */
export type Visit = (
  value: unknown,
  at: string,
  key: string | number | undefined,
  parentAt: string,
) => unknown;

/**
 * The one walker of check:forms: visits `value` and everything under it depth first in document order, each
 * value before its children, with JSON paths such as `$.properties.a.allOf[0]`.
 */
export function walk(value: unknown, at: string, visit: Visit, key?: string | number, parentAt = ''): void {
  if (visit(value, at, key, parentAt) === false) return;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walk(item, `${at}[${i}]`, visit, i, at);
  } else if (isNode(value)) {
    for (const [k, child] of Object.entries(value)) walk(child, `${at}.${k}`, visit, k, at);
  }
}

/** The value at a dotted key (`a.b.c`) of a nested locale object. */
export function getPath(tree: unknown, key: string): unknown {
  let current = tree;
  for (const part of key.split('.')) {
    if (!isNode(current)) return undefined;
    current = current[part];
  }
  return current;
}

/** Every key (dotted) of a nested locale object whose value is a string. */
export function leafKeys(tree: unknown, prefix = ''): string[] {
  if (!isNode(tree)) return prefix ? [prefix] : [];
  return Object.entries(tree).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** The node a `#/a/b` pointer names in `root`, or an empty object. */
export function resolveLocalRef(root: unknown, ref: string): Node {
  if (!ref.startsWith('#')) return {};
  let node = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
    node = isNode(node) ? node[key] : undefined;
  }
  return isNode(node) ? node : {};
}
