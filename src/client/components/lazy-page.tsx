import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingBlock } from './spinner';

/** A route screen loaded on first visit, with a way to fetch its code before anyone goes there. */
export type LazyPage<P extends object> = ComponentType<P> & {
  /** Fetches the screen's code now: a visit after it settles draws at once, with no 'Loading...' in between. */
  preload(): Promise<unknown>;
};

/**
 * A route screen loaded on first visit, so the entry chunk carries only the shell and each screen ships
 * in its own chunk; 'Loading...' shows while the chunk arrives. Call once at module level: the returned
 * component must keep its identity, or React would reload and remount the screen.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (screen) => {
        loaded = screen;
        return screen;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // a preloaded screen is handed to React.lazy through a thenable that settles at once, so React never suspends
  const Screen = lazy(() => {
    const screen = loaded;
    if (!screen) return preload().then((component) => ({ default: component }));
    const settled = {
      // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a thenable that settles synchronously as loaded
      then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: screen }),
    };
    return settled as unknown as Promise<{ default: ComponentType<P> }>;
  });
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen at module level, so each keeps its identity
  function LazyPageScreen(props: P) {
    return (
      <Suspense fallback={<LoadingBlock />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPageScreen, { preload });
}
