import { createContext, type ReactNode, use, useContext } from 'react';
import type { ClientFormEngine } from './client-engine';

/**
 * An engine, or a loader of one: the app's engine (every schema and precompiled validator) is a chunk of its
 * own, fetched when the first form is shown, so pages without a form do not download it (issue 6).
 * The loader must return the same promise on every call.
 */
export type FormEngineSource = ClientFormEngine | (() => Promise<ClientFormEngine>);

const FormEngineContext = createContext<FormEngineSource | null>(null);

/** Gives SchemaForm its engine; tests pass an engine over fixture forms. */
export function FormEngineProvider({ engine, children }: { engine: FormEngineSource; children: ReactNode }) {
  return <FormEngineContext.Provider value={engine}>{children}</FormEngineContext.Provider>;
}

/** The engine of the nearest FormEngineProvider; suspends (nearest Suspense shows 'Loading...') while it loads. */
export function useFormEngine(): ClientFormEngine {
  const source = useContext(FormEngineContext);
  if (!source) throw new Error('SchemaForm needs a form engine: wrap the app in <AppFormEngineProvider>.');
  return typeof source === 'function' ? use(source()) : source;
}
