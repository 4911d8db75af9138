import { useCallback, useEffect, useState } from 'react';
import { remainingCooldown, startCooldown } from '../../lib/resend-cooldown';

/** A per-e-mail countdown in seconds, restored from localStorage on load and ticking every second. */
export function useResendCooldown(email: string | undefined) {
  const [seconds, setSeconds] = useState(() => (email ? remainingCooldown(email) : 0));

  useEffect(() => {
    setSeconds(email ? remainingCooldown(email) : 0);
  }, [email]);

  useEffect(() => {
    if (!email || seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds(remainingCooldown(email)), 1000);
    return () => window.clearTimeout(timer);
  }, [email, seconds]);

  const start = useCallback(
    (length: number) => {
      if (!email) return;
      startCooldown(email, length);
      setSeconds(remainingCooldown(email));
    },
    [email],
  );

  return { seconds, start };
}
