import { type ReactNode, useSyncExternalStore } from 'react';
import { getAppFormEngine, subscribeAppFormEngine } from './app-engine';
import { FormEngineProvider } from './engine-context';

/** Provides the app's form engine (bundled schemas, precompiled validators); mount once around the routes. */
export function AppFormEngineProvider({ children }: { children: ReactNode }) {
  const engine = useSyncExternalStore(subscribeAppFormEngine, getAppFormEngine);
  return <FormEngineProvider engine={engine}>{children}</FormEngineProvider>;
}
