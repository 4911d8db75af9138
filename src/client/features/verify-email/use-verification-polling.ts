import { useEffect } from 'react';
import { getVerificationState } from './api/get-verification-state';
import { pollDelayMs } from './polling-schedule';

/**
 * Checks at once, then after the schedule's gaps, until the e-mail is verified; then calls
 * `onVerified` once. A failed check (e.g. not signed in yet) just waits for the next one.
 */
export function useVerificationPolling(enabled: boolean, onVerified: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let timer: number | undefined;
    let checksDone = 0;

    const check = async () => {
      let verified = false;
      try {
        verified = (await getVerificationState()).emailVerified;
      } catch {
        verified = false;
      }
      if (cancelled) return;
      checksDone += 1;
      if (verified) {
        onVerified();
        return;
      }
      timer = window.setTimeout(check, pollDelayMs(checksDone));
    };
    void check();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [enabled, onVerified]);
}
