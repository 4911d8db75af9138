/**
 * Stands in for `fast-equals` in the client build (aliased in vite.config.ts, ADR 009): RJSF's `deepEquals` is
 * its only user and compares form data and schemas, which are JSON (plus RJSF's own functions). A deep compare
 * of plain values, arrays, dates and regular expressions, with circular references tracked, is all it needs.
 */

type Equal = (a: unknown, b: unknown) => boolean;

interface CustomConfig {
  areFunctionsEqual?: (a: unknown, b: unknown) => boolean;
}

/** `fast-equals`' factory as RJSF calls it: `{ circular, createCustomConfig: () => ({ areFunctionsEqual }) }`. */
export function createCustomEqual(options: { createCustomConfig?: () => CustomConfig } = {}): Equal {
  const functionsEqual = options.createCustomConfig?.().areFunctionsEqual ?? ((a, b) => a === b);

  function equal(a: unknown, b: unknown, seen: Map<object, object>): boolean {
    if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true;
    if (typeof a === 'function' && typeof b === 'function') return functionsEqual(a, b);
    if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    // a pair already being compared higher up: equal unless proven otherwise there
    if (seen.get(a) === b) return true;
    seen.set(a, b);
    if (a instanceof Date) return a.getTime() === (b as Date).getTime();
    if (a instanceof RegExp) return String(a) === String(b);
    if (Array.isArray(a)) {
      const other = b as unknown[];
      return a.length === other.length && a.every((item, i) => equal(item, other[i], seen));
    }
    const keys = Object.keys(a);
    const record = b as Record<string, unknown>;
    return (
      keys.length === Object.keys(b).length &&
      keys.every(
        (key) => Object.hasOwn(b, key) && equal((a as Record<string, unknown>)[key], record[key], seen),
      )
    );
  }

  return (a, b) => equal(a, b, new Map());
}

/** `fast-equals`' plain deep compare. */
export const deepEqual: Equal = createCustomEqual();
