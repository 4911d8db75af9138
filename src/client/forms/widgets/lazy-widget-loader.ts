/**
 * The widgets that load with the forms naming them (ADR 098), by name, and their loader for the form engine.
 * No widget code is imported here: an engine that only draws questionnaires never fetches any of it.
 */
export const LAZY_WIDGET_NAMES = [
  'slider',
  'multiPick',
  'nationalId',
  'password',
  'searchableSelect',
  'fileUpload',
  'pastDate',
  'ratingScale',
  'checkboxGrid',
  'countedTextarea',
] as const;

export type LazyWidgetName = (typeof LAZY_WIDGET_NAMES)[number];

/** RJSF's names a UI schema may use for them (`ui:widget: textarea`, `checkboxes`, `password`). */
const ALIASES: Record<string, LazyWidgetName> = {
  textarea: 'countedTextarea',
  TextareaWidget: 'countedTextarea',
  checkboxes: 'checkboxGrid',
  CheckboxesWidget: 'checkboxGrid',
  PasswordWidget: 'password',
};

/** The lazily loaded widget a UI schema's name stands for, if any. */
export function lazyWidgetNamed(name: string): LazyWidgetName | undefined {
  if ((LAZY_WIDGET_NAMES as readonly string[]).includes(name)) return name as LazyWidgetName;
  return ALIASES[name];
}

/** Fetches the code of the named widgets that load lazily; resolves at once when a form names none. */
export function loadLazyWidgets(names: readonly string[]): Promise<void> {
  const lazy = names.flatMap((name) => lazyWidgetNamed(name) ?? []);
  if (lazy.length === 0) return Promise.resolve();
  return import('./index').then((module) => module.loadWidgets(lazy));
}
