/**
 * Stands in for `@x0k/json-schema-merge` in the client build (aliased in vite.config.ts, ADR 009). RJSF merges
 * a field's `allOf` into one schema only to draw the field; validation always runs the precompiled validators
 * of the unmerged schema. The product's forms use `allOf` for rule lists (the password's patterns), and
 * check:forms limits `allOf` members to the keywords merged here, so this small merge is exact for them.
 */

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords merged by taking the larger or the smaller bound. */
const LOWER_BOUNDS = new Set(['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties']);
const UPPER_BOUNDS = new Set(['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties']);
/** Keywords that never change what is valid: the first one wins, as in RJSF's own merge. */
const ANNOTATIONS = new Set(['title', 'description', 'errorMessage', 'default', 'examples', '$comment']);

/** Every keyword an `allOf` member may carry (check:forms enforces it on the product's schemas). */
export const MERGEABLE_KEYWORDS: ReadonlySet<string> = new Set([
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  ...ANNOTATIONS,
  'pattern',
  'required',
  'properties',
]);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A pattern matching what both match: each a lookahead over the rest of the value (JSON Schema patterns search). */
function bothPatterns(a: string, b: string): string {
  return `(?=[\\s\\S]*?(?:${a}))(?=[\\s\\S]*?(?:${b}))`;
}

/** Merges `b` into `a`; throws on a keyword it cannot merge exactly (RJSF then draws the field without `allOf`). */
export function mergeTwo(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const current = merged[key];
    if (current === undefined || same(current, value) || ANNOTATIONS.has(key)) {
      if (current === undefined) merged[key] = value;
    } else if (LOWER_BOUNDS.has(key) && typeof current === 'number' && typeof value === 'number') {
      merged[key] = Math.max(current, value);
    } else if (UPPER_BOUNDS.has(key) && typeof current === 'number' && typeof value === 'number') {
      merged[key] = Math.min(current, value);
    } else if (key === 'pattern' && typeof current === 'string' && typeof value === 'string') {
      merged[key] = bothPatterns(current, value);
    } else if (key === 'required' && Array.isArray(current) && Array.isArray(value)) {
      merged[key] = [...new Set([...current, ...value])];
    } else if (key === 'properties' && isSchema(current) && isSchema(value)) {
      const properties: Schema = { ...current };
      for (const [name, sub] of Object.entries(value)) {
        const mine = properties[name];
        properties[name] = isSchema(mine) && isSchema(sub) ? mergeTwo(mine, sub) : (mine ?? sub);
      }
      merged[key] = properties;
    } else {
      throw new Error(`allOf: cannot merge "${key}" (ADR 009)`);
    }
  }
  return merged;
}

/** A schema with its `allOf` members merged into it, `allOf` removed. */
export function shallowAllOfMerge(schema: Schema): Schema {
  const { allOf, ...rest } = schema;
  if (!Array.isArray(allOf)) return schema;
  return allOf.reduce<Schema>((acc, member) => (isSchema(member) ? mergeTwo(acc, member) : acc), rest);
}

// the library's factory API as RJSF's shallowAllOfMerge.js calls it; the arguments are not needed here
export const createComparator = () => ({ compareSchemaDefinitions: same, compareSchemaValues: same });
export const createMerger = () => ({ mergeArrayOfSchemaDefinitions: undefined });
export const createShallowAllOfMerge = () => shallowAllOfMerge;
export const createDeduplicator = () => undefined;
export const createIntersector = () => undefined;
