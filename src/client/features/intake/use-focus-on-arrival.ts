import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { FocusOnArrival } from './check-answers';

/**
 * A section opened from the check-your-answers list (router state `focusField`): `onArrival` gets the field's
 * path once, after the first render, to show the section's messages and move focus there (GOV.UK).
 */
export function useFocusOnArrival(onArrival: (path: string) => void): void {
  const arrival = (useLocation().state as Partial<FocusOnArrival> | null)?.focusField;
  const callback = useRef(onArrival);
  callback.current = onArrival;
  useEffect(() => {
    if (arrival === undefined) return;
    const timer = window.setTimeout(() => callback.current(arrival), 0);
    return () => window.clearTimeout(timer);
  }, [arrival]);
}
