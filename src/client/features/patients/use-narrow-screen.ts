import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 639px)';

/** One list for the page: its `matches` follows the screen, and a new one per chart and render parses the query again. */
let narrow: MediaQueryList | undefined;
const narrowList = () => {
  narrow ??= window.matchMedia?.(QUERY);
  return narrow;
};

function subscribe(onChange: () => void): () => void {
  const list = narrowList();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the screen is phone-narrow (below Tailwind's `sm`): charts then draw on a narrower canvas. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => narrowList()?.matches ?? false,
    () => false,
  );
}
