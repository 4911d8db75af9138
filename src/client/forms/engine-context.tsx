import { createContext, type ReactNode, useContext } from 'react';
import type { ClientFormEngine } from './client-engine';

const FormEngineContext = createContext<ClientFormEngine | null>(null);

/** Gives SchemaForm its engine; tests pass an engine over fixture forms. */
export function FormEngineProvider({ engine, children }: { engine: ClientFormEngine; children: ReactNode }) {
  return <FormEngineContext.Provider value={engine}>{children}</FormEngineContext.Provider>;
}

/** The engine of the nearest FormEngineProvider. */
export function useFormEngine(): ClientFormEngine {
  const engine = useContext(FormEngineContext);
  if (!engine) throw new Error('SchemaForm needs a form engine: wrap the app in <AppFormEngineProvider>.');
  return engine;
}
