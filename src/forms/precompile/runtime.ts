/**
 * The two Ajv runtime helpers that precompiled validators call, as plain ES functions: Ajv's own
 * versions are CommonJS modules that the generated code would `require`.
 */

/** String length in Unicode code points, as JSON Schema counts it (a surrogate pair is one character). */
export { characterCount as ucs2length } from '../text-length.ts';

/** Deep equality of JSON values (`const`, `enum`, `uniqueItems`). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN equals NaN, as in fast-deep-equal
    return Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => equal(item, b[i]));
  }
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
