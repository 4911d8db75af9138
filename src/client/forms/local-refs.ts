/**
 * Stands in for `fast-uri` in the client build (aliased in vite.config.ts, ADR 009). RJSF resolves every
 * `$ref` against the schema's `$id` with it; the product's schemas have no `$id` and only local `#/...`
 * references (check:forms refuses anything else), so resolving is the identity and URI parsing is not needed.
 */

/** Whether a base URI is the document itself: RJSF passes `'#'` when the schema has no `$id`. */
const isLocalBase = (base: string | undefined) => base === undefined || base === '' || base === '#';

/** `fast-uri`'s `resolve` for a local reference against the schema itself. */
export function resolve(base: string | undefined, ref: string): string {
  if (isLocalBase(base) && ref.startsWith('#')) return ref;
  throw new Error(
    `Cannot resolve "${ref}" against "${base}": forms may use only local #/ references and no $id (ADR 009)`,
  );
}

/** `fast-uri`'s `equal`: RJSF only compares `$id`s, which the product's schemas do not have. */
export function equal(a: string, b: string): boolean {
  return a === b;
}

export default { resolve, equal };
