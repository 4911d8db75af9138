/**
 * Whether a JSON schema has an array anywhere (a property, a definition, an item of an item): such a form
 * needs RJSF's array field, which the client fetches with the form (ADR 139).
 */
export function hasArray(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasArray);
  if (!schema || typeof schema !== 'object') return false;
  const type = (schema as { type?: unknown }).type;
  if (type === 'array' || (Array.isArray(type) && type.includes('array'))) return true;
  return Object.values(schema).some(hasArray);
}
