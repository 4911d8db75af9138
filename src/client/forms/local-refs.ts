/**
 * Stands in for `fast-uri` in the client build (aliased in vite.config.ts, ADR 009). RJSF resolves every
 * `$ref` against the schema's `$id` with it; the product's schemas have no `$id` and only local `#/...`
 * references (check:forms refuses anything else), so resolving is the identity and URI parsing is not needed.
 */

/** Whether a base URI is the document itself: RJSF passes `'#'` when the schema has no `$id`. */
const isLocalBase = (base: string | undefined) => base === undefined || base === '' || base === '#';

/** `fast-uri`'s `resolve` for a fragment reference (`#/...`): against the schema itself or its own id. */
export function resolve(base: string | undefined, ref: string): string {
  if (isLocalBase(base) && ref.startsWith('#')) return ref;
  // Ajv's own meta-schema has an $id and fragment references: they resolve within that document
  if (base !== undefined && ref.startsWith('#')) return `${parse(base).path}${ref}`;
  throw new Error(
    `Cannot resolve "${ref}" against "${base}": forms may use only local #/ references and no $id (ADR 009)`,
  );
}

/** A URI split at its fragment: all `fast-uri`'s `parse` need give for ids and local references. */
export interface UriParts {
  path: string;
  fragment?: string;
}

/**
 * `fast-uri`'s `parse`, for Ajv: Vite's development server bundles RJSF's validator package whole, and its
 * default validator builds an Ajv (meta-schema ids included) when the package loads.
 */
export function parse(uri: string): UriParts {
  const hash = uri.indexOf('#');
  return hash < 0 ? { path: uri } : { path: uri.slice(0, hash), fragment: uri.slice(hash + 1) };
}

/** `fast-uri`'s `serialize`, the inverse of `parse`. */
export function serialize(parts: UriParts): string {
  return parts.fragment === undefined ? parts.path : `${parts.path}#${parts.fragment}`;
}

/** `fast-uri`'s `equal`: RJSF only compares `$id`s, which the product's schemas do not have. */
export function equal(a: string, b: string): boolean {
  return a === b;
}

export default { resolve, equal, parse, serialize };
