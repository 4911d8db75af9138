/** Every file of `locales/`, bundled (Vite glob); saving one hot-updates the importers. */
export const localeFiles: Record<string, unknown> = import.meta.glob('/locales/**/*.json', {
  eager: true,
  import: 'default',
});
