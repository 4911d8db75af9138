import { useCallback, useEffect, useRef } from 'react';
import { type Location, useBlocker } from 'react-router-dom';

/**
 * While `shouldAsk(next)` holds, leaving asks first: the browser's own prompt on reload or close
 * (beforeunload), and the app's dialog on in-app navigation (router blocker).
 */
export function useLeaveGuard(shouldAsk: (next?: Location) => boolean) {
  const latest = useRef(shouldAsk);
  latest.current = shouldAsk;

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
        currentLocation.pathname !== nextLocation.pathname && latest.current(nextLocation),
      [],
    ),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return blocker;
}
