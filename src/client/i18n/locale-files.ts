/**
 * The interface's locale files (`locales/<lang>/<ns>.json`), bundled (Vite glob); saving one hot-updates
 * the importers. Per-form files (`locales/<lang>/<area>/<form>.json`) are read by the form engine only,
 * which loads them with its own chunk (src/client/forms/locale-files.ts), so they stay out of the entry.
 */
export const localeFiles: Record<string, unknown> = import.meta.glob('/locales/*/*.json', {
  eager: true,
  import: 'default',
});
