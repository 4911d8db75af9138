import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingBlock } from './spinner';

/**
 * A route screen loaded on first visit, so the entry chunk carries only the shell and each screen ships
 * in its own chunk; 'Loading...' shows while the chunk arrives. Call once at module level: the returned
 * component must keep its identity, or React would reload and remount the screen.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Screen = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module level, so each keeps its identity
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<LoadingBlock />}>
        <Screen {...props} />
      </Suspense>
    );
  };
}
