/**
 * The form engine's texts (Vite glob): each form's labels, help, options and messages per language
 * (`locales/<lang>/<area>/<form>.json`) and the generic validation messages (`locales/<lang>/common.json`),
 * one loader per file, so a page fetches its own forms' texts in the language in use (ADR 007).
 */
export const formLocaleLoaders = import.meta.glob<unknown>(
  ['/locales/*/*/**/*.json', '/locales/*/common.json'],
  {
    import: 'default',
  },
);

/**
 * Each form's `_form` words alone (title, short title, description: `?form-titles`, served by the forms' Vite
 * plugin), for screens that list forms without drawing them (the intake's section navigation, ADR 009).
 */
export const formTitleLoaders = import.meta.glob<unknown>('/locales/*/*/**/*.json', {
  import: 'default',
  query: '?form-titles',
});
