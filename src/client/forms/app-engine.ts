/**
 * The app's form engine over the bundled `schemas/` and `locales/` and the precompiled validators. In dev,
 * saving a schema or locale file rebuilds it and notifies subscribers (AppFormEngineProvider re-renders).
 */
import { validators as bundledValidators } from 'virtual:form-validators';
import { type ClientFormEngine, createPrecompiledEngine, type PrecompiledValidators } from './client-engine';
import { localeFiles as bundledLocales } from './locale-files';
import { schemaFiles as bundledSchemas } from './schema-files';

let sources = { schemaFiles: bundledSchemas, localeFiles: bundledLocales, validators: bundledValidators };
let engine: ClientFormEngine | undefined;
const listeners = new Set<() => void>();

/** The current engine, built on first use. */
export function getAppFormEngine(): ClientFormEngine {
  engine ??= createPrecompiledEngine(sources);
  return engine;
}

export function subscribeAppFormEngine(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (import.meta.hot) {
  import.meta.hot.accept(['./schema-files', './locale-files', 'virtual:form-validators'], (updated) => {
    const [schemas, locales, precompiled] = updated as [
      { schemaFiles: Record<string, unknown> } | undefined,
      { localeFiles: Record<string, unknown> } | undefined,
      { validators: PrecompiledValidators } | undefined,
    ];
    sources = {
      schemaFiles: schemas?.schemaFiles ?? sources.schemaFiles,
      localeFiles: locales?.localeFiles ?? sources.localeFiles,
      validators: precompiled?.validators ?? sources.validators,
    };
    engine = undefined;
    for (const listener of listeners) listener();
  });
}
