/**
 * At most one alert mail per practitioner per window (ADR 166). The first urgent alert is mailed at once; what is
 * raised within the window after a mail waits for one mail at the window's end, which counts everything new by
 * then. `send` reads what is waiting from the database, so an alert raised while a mail is due is never lost: it is
 * counted by that mail, or by the next one.
 */
export interface AlertMailThrottle {
  /** An urgent alert was raised for this practitioner; settles once a mail sent at once is queued. */
  notify(practitionerId: string): Promise<void>;
  /** Clears the waiting timers (the server is closing); what they would have sent stays waiting in the database. */
  close(): void;
}

export interface ThrottleDeps {
  /** Mails what waits for the practitioner (nothing when nothing does). */
  send(practitionerId: string): Promise<void>;
  windowMs: number;
  /** Where a failed send is told; the alert stays waiting and goes with the next mail. */
  onError(error: unknown): void;
  now?: () => number;
}

export function createAlertMailThrottle({
  send,
  windowMs,
  onError,
  now = Date.now,
}: ThrottleDeps): AlertMailThrottle {
  const lastSent = new Map<string, number>();
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();

  const flush = (practitionerId: string) => {
    lastSent.set(practitionerId, now());
    return send(practitionerId).catch(onError);
  };

  return {
    async notify(practitionerId) {
      // a mail is already due: it will count this alert too
      if (waiting.has(practitionerId)) return;
      const since = now() - (lastSent.get(practitionerId) ?? Number.NEGATIVE_INFINITY);
      if (since >= windowMs) return flush(practitionerId);
      const timer = setTimeout(() => {
        waiting.delete(practitionerId);
        void flush(practitionerId);
      }, windowMs - since);
      timer.unref?.();
      waiting.set(practitionerId, timer);
    },
    close() {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
