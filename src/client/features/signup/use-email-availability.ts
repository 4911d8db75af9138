import { useEffect, useState } from 'react';
import { checkEmailAvailable } from './api/check-email';

export type Availability = 'idle' | 'checking' | 'available' | 'taken';

const EMAIL_CHECK_DELAY_MS = 500;

// A cheap "looks like an address" test, so half-typed input is not sent to the server.
const LOOKS_VALID = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function looksLikeEmail(value: string): boolean {
  return LOOKS_VALID.test(value.trim());
}

/** Live availability of the typed e-mail: checked 500 ms after typing stops, only when it looks valid. */
export function useEmailAvailability(email: string | undefined): Availability {
  const [state, setState] = useState<Availability>('idle');
  useEffect(() => {
    const value = (email ?? '').trim();
    if (!looksLikeEmail(value)) {
      setState('idle');
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setState('checking');
      checkEmailAvailable(value, controller.signal)
        .then((available) => {
          if (!controller.signal.aborted) setState(available ? 'available' : 'taken');
        })
        .catch(() => {
          // aborted: a newer value is being checked
        });
    }, EMAIL_CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [email]);
  return state;
}
