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
] as const;

export type LazyWidgetName = (typeof LAZY_WIDGET_NAMES)[number];

const isLazy = (name: string): name is LazyWidgetName =>
  (LAZY_WIDGET_NAMES as readonly string[]).includes(name);

/** Fetches the code of the named widgets that load lazily; resolves at once when a form names none. */
export function loadLazyWidgets(names: readonly string[]): Promise<void> {
  const lazy = names.filter(isLazy);
  if (lazy.length === 0) return Promise.resolve();
  return import('./index').then((module) => module.loadWidgets(lazy));
}
