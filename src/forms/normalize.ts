/** Values stored in one canonical spelling (a phone typed `0532 123 45 67` is kept as `+905321234567`). */
import { normalizers } from './formats.ts';
import type { JsonSchema } from './types.ts';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The data with every value of a normalised format (`tr-phone`) in its stored form; values that are not valid
 * yet stay as typed (a draft keeps them). Answers the same object when nothing changes.
 */
export function normalizeData(schema: JsonSchema, data: unknown): unknown {
  if (typeof data === 'string' && typeof schema.format === 'string') {
    const normalize = normalizers[schema.format];
    return normalize?.(data) ?? data;
  }
  if (Array.isArray(data) && isNode(schema.items)) {
    const items = schema.items;
    let changed = false;
    const next = data.map((item) => {
      const value = normalizeData(items, item);
      if (value !== item) changed = true;
      return value;
    });
    return changed ? next : data;
  }
  if (isNode(data) && isNode(schema.properties)) {
    let next: Node | undefined;
    for (const [key, property] of Object.entries(schema.properties)) {
      if (!(key in data) || !isNode(property)) continue;
      const value = normalizeData(property, data[key]);
      if (value !== data[key]) {
        next ??= { ...data };
        next[key] = value;
      }
    }
    return next ?? data;
  }
  return data;
}
