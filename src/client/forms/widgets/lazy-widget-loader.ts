import { lazyWidgetNamed } from './widget-table';

/**
 * Fetches the code of the named widgets that load lazily (ADR 098); resolves at once when a form names none.
 * The registry is imported only then: an engine that only draws questionnaires of choices never fetches any
 * widget code.
 */
export function loadLazyWidgets(names: readonly string[]): Promise<void> {
  const lazy = names.flatMap((name) => lazyWidgetNamed(name) ?? []);
  if (lazy.length === 0) return Promise.resolve();
  return import('./index').then((module) => module.loadWidgets(lazy));
}
