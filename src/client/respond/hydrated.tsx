import { createContext, useContext, useEffect } from 'react';

/** What runs once the page's fields are hydrated (ADR 134): none on the server or a page drawn in the browser. */
export const HydratedContext = createContext<(() => void) | null>(null);

/**
 * Placed beside a screen's fields, inside their Suspense boundary: React hydrates a boundary after the page
 * around it, and its effects run once its fields are React's.
 */
export function Hydrated() {
  const run = useContext(HydratedContext);
  useEffect(() => run?.(), [run]);
  return null;
}
