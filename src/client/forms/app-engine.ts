/**
 * The app's form engine over `schemas/`, `locales/` and the precompiled validators, each form version and
 * language fetched when a screen first needs it (ADR 007). In dev, saving a schema or locale file starts
 * over with the saved files and notifies subscribers (the provider re-renders, screens fetch again).
 */
import { arrayForms, validators as bundledValidators, widgetNames } from 'virtual:form-validators';
import { createStore } from 'zustand/vanilla';
import type { Lang } from '../../forms/types';
import { prepareLanguageWith } from '../i18n/i18n';
import type { ClientFormEngine, PrecompiledValidatorLoaders } from './client-engine';
import type { FormNeeds } from './engine-context';
import { loadArrayField } from './fields/array-field-loader';
import { createLazyEngine, type LazyEngineSources } from './lazy-engine';
import { formLocaleLoaders, formTitleLoaders } from './locale-files';
import { manifestFiles, schemaLoaders } from './schema-files';
import { loadLazyWidgets } from './widgets/lazy-widget-loader';

let sources: LazyEngineSources = {
  manifests: manifestFiles,
  schemas: schemaLoaders,
  locales: formLocaleLoaders,
  titles: formTitleLoaders,
  validators: bundledValidators,
  widgets: { names: widgetNames, load: loadLazyWidgets },
  arrays: { forms: arrayForms, load: loadArrayField },
};
const engine = createStore(() => ({ lazy: createLazyEngine(sources) }));

// a language switch waits until the forms on screen have their texts in the new language
prepareLanguageWith((lang) => engine.getState().lazy.prepareLanguage(lang));

/** Settles once `needs` are loaded in `lang` (the same promise for the same needs). */
export function formsReady(needs: FormNeeds, lang: Lang): Promise<void> {
  return engine.getState().lazy.ready(needs, lang);
}

/** The engine over every form loaded so far. */
export function getAppFormEngine(): ClientFormEngine {
  return engine.getState().lazy.current();
}

/** Called when the engine starts over (in dev, on a saved schema or locale file). */
export function subscribeAppFormEngine(listener: () => void): () => void {
  return engine.subscribe(() => listener());
}

if (import.meta.hot) {
  import.meta.hot.accept(['./schema-files', './locale-files', 'virtual:form-validators'], (updated) => {
    const [schemas, locales, precompiled] = updated as [
      typeof import('./schema-files') | undefined,
      typeof import('./locale-files') | undefined,
      (
        | {
            validators: PrecompiledValidatorLoaders;
            widgetNames: Record<string, readonly string[]>;
            arrayForms: readonly string[];
          }
        | undefined
      ),
    ];
    sources = {
      manifests: schemas?.manifestFiles ?? sources.manifests,
      schemas: schemas?.schemaLoaders ?? sources.schemas,
      locales: locales?.formLocaleLoaders ?? sources.locales,
      titles: locales?.formTitleLoaders ?? sources.titles,
      validators: precompiled?.validators ?? sources.validators,
      widgets: precompiled ? { names: precompiled.widgetNames, load: loadLazyWidgets } : sources.widgets,
      arrays: precompiled ? { forms: precompiled.arrayForms, load: loadArrayField } : sources.arrays,
    };
    // forget what was loaded: screens ask again and get the saved files
    engine.setState({ lazy: createLazyEngine(sources) });
  });
}
