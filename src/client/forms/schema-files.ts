/** Every file of `schemas/`, bundled (Vite glob): a new form folder is picked up without code changes. */
export const schemaFiles: Record<string, unknown> = import.meta.glob('/schemas/**/*.json', {
  eager: true,
  import: 'default',
});
