import type { Widget, WidgetProps } from '@rjsf/utils';
import { use } from 'react';

/** A widget whose code is fetched only for the forms that name it (ADR 098). */
export interface LazyWidget {
  /** Registered under the widget's names; suspends only if drawn before `load` settled. */
  component: Widget;
  /** Fetches the widget's code once; the form engine awaits it with the form's other pieces. */
  load: () => Promise<void>;
}

export function lazyWidget(name: string, importer: () => Promise<Widget>): LazyWidget {
  let Implementation: Widget | undefined;
  let pending: Promise<void> | undefined;
  const load = () => {
    pending ??= importer().then(
      (loaded) => {
        Implementation = loaded;
      },
      (error: unknown) => {
        // a failed fetch is tried again by the next form that asks (the error screen's retry)
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: one component per widget, made once when the registry loads
  function Lazy(props: WidgetProps) {
    if (!Implementation) use(load());
    const Loaded = Implementation as Widget;
    return <Loaded {...props} />;
  }
  Lazy.displayName = `LazyWidget(${name})`;
  return { component: Lazy, load };
}
