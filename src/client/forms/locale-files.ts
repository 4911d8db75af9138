/**
 * Every file of `locales/`, for the form engine (labels, help, options, messages of each form). Bundled in
 * the engine's chunk, so pages without a form do not download the forms' texts; saving one hot-updates it.
 */
export const localeFiles: Record<string, unknown> = import.meta.glob('/locales/**/*.json', {
  eager: true,
  import: 'default',
});
