/**
 * The files of `schemas/` (Vite globs): a new form folder is picked up without code changes. Manifests are
 * small and bundled; each form version's schema and UI schema is a loader, fetched when a page needs that
 * form (ADR 007). Saving one hot-updates the engine.
 */
export const manifestFiles: Record<string, unknown> = import.meta.glob('/schemas/**/manifest.json', {
  eager: true,
  import: 'default',
});

/** `/schemas/<form id>/v<N>.schema.json` and `.ui.json` -> loader. */
export const schemaLoaders = import.meta.glob<unknown>(
  ['/schemas/**/v*.schema.json', '/schemas/**/v*.ui.json'],
  { import: 'default' },
);
