import { type ReactNode, useSyncExternalStore } from 'react';
import type { ClientFormEngine } from './client-engine';
import { FormEngineProvider, type FormEngineSource } from './engine-context';

type AppEngineModule = typeof import('./app-engine');

// The engine module is imported on first use, not with the entry: it carries every schema and validator.
let loaded: AppEngineModule | undefined;
let loading: Promise<ClientFormEngine> | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function loadEngine(): Promise<ClientFormEngine> {
  loading ??= import('./app-engine').then((module) => {
    loaded = module;
    // in dev a saved schema, locale or validator rebuilds the engine: re-render with the new one
    module.subscribeAppFormEngine(notify);
    notify();
    return module.getAppFormEngine();
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function currentSource(): FormEngineSource {
  return loaded ? loaded.getAppFormEngine() : loadEngine;
}

/** Provides the app's form engine (bundled schemas, precompiled validators); mount once around the routes. */
export function AppFormEngineProvider({ children }: { children: ReactNode }) {
  const engine = useSyncExternalStore(subscribe, currentSource);
  return <FormEngineProvider engine={engine}>{children}</FormEngineProvider>;
}
