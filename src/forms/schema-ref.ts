/**
 * Authoring files name their JSON Schema in a top-level `"$schema"` so editors autocomplete and underline
 * mistakes (ADR 123). It is for the editor alone: the engine drops it where it reads a file, so it never reaches
 * Ajv, RJSF, i18next or a scoring hash.
 */
export const SCHEMA_REF = '$schema';

/** The file's content without its top-level `"$schema"` (the same object when it has none). */
export function withoutSchemaRef<T>(content: T): T {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return content;
  if (!Object.hasOwn(content, SCHEMA_REF)) return content;
  const { [SCHEMA_REF]: _editorOnly, ...rest } = content as Record<string, unknown>;
  return rest as T;
}
