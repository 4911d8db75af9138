import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Lang } from '../../forms/types';
import type { ClientFormEngine } from './client-engine';
import { type FormEngineLoader, FormEngineProvider, type FormNeeds } from './engine-context';

/** What an engine module gives its provider: the app's (every form) or the respondent page's (questionnaires). */
export interface EngineModule {
  formsReady(needs: FormNeeds, lang: Lang): Promise<void>;
  getAppFormEngine(): ClientFormEngine;
  subscribeAppFormEngine(listener: () => void): () => void;
}

/**
 * A provider over an engine module imported on first use, not with the entry; the module then fetches each
 * form as asked (ADR 007).
 */
export function createLazyEngineProvider(importModule: () => Promise<EngineModule>) {
  let loaded: EngineModule | undefined;
  let loading: Promise<EngineModule> | undefined;
  /** Before the module is in: one promise per needs and language, kept (React's `use` must get the same one). */
  let readiness = new Map<string, Promise<void>>();

  function loadModule(): Promise<EngineModule> {
    loading ??= importModule().then((module) => {
      loaded = module;
      // in dev a saved schema, locale or validator starts the engine over: every screen asks again
      module.subscribeAppFormEngine(() => {
        readiness = new Map();
        store.setState({ loader: createLoader() });
      });
      return module;
    });
    return loading;
  }

  function ready(needs: FormNeeds, lang: Lang): Promise<void> {
    // the engine's own promises carry their status: what is already in draws without suspending
    if (loaded) return loaded.formsReady(needs, lang);
    const key = JSON.stringify([needs, lang]);
    const known = readiness.get(key);
    if (known) return known;
    const table = readiness;
    const promise = loadModule().then((m) => m.formsReady(needs, lang));
    promise.catch(() => table.delete(key));
    table.set(key, promise);
    return promise;
  }

  function current(): ClientFormEngine {
    if (!loaded) throw new Error('the form engine is read before it loaded: call useFormEngine');
    return loaded.getAppFormEngine();
  }

  function createLoader(): FormEngineLoader {
    return { ready, current };
  }

  const store = createStore(() => ({ loader: createLoader() }));

  // biome-ignore lint/correctness/noComponentHookFactories: one provider per engine module, made once at module load
  function LazyEngineProvider({ children }: { children: ReactNode }) {
    const value = useStore(store, (state) => state.loader);
    return <FormEngineProvider engine={value}>{children}</FormEngineProvider>;
  }
  /** Imports the engine module now: a page that awaits it (and its forms) first draws without suspending. */
  const preload = (): Promise<void> => loadModule().then(() => undefined);
  return Object.assign(LazyEngineProvider, { preload });
}
