/** The draft model's offline mode (ADR 110): what the device keeps of a draft, and whether the server has it yet. */
export interface Kept<T> {
  /** The name respondent pages have stored since ADR 096: devices keep what they held before. */
  answers: T;
  pending: boolean;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Keeps a draft on the device (localStorage) so a reload or a dropped connection loses nothing: `pending` until
 * the server confirmed it. Storage that is blocked or full simply keeps nothing.
 */
export function createDeviceCopy<T extends object>(storage: Storage | undefined, key: string) {
  return {
    load(): Kept<T> | undefined {
      try {
        const text = storage?.getItem(key);
        if (!text) return undefined;
        const kept = JSON.parse(text) as Kept<T>;
        return kept && typeof kept.answers === 'object' && kept.answers !== null ? kept : undefined;
      } catch {
        return undefined;
      }
    },
    keep(answers: T, pending: boolean): void {
      try {
        storage?.setItem(key, JSON.stringify({ answers, pending } satisfies Kept<T>));
      } catch {
        // full or blocked: the server copy is still saved when online
      }
    },
    clear(): void {
      try {
        storage?.removeItem(key);
      } catch {
        // nothing kept, nothing to clear
      }
    },
  };
}

export type DeviceCopy<T extends object> = ReturnType<typeof createDeviceCopy<T>>;

/** The data to start from: the device's when it still holds some the server has not seen, else the server's. */
export function startingData<T>(server: T, kept: Kept<T> | undefined): { data: T; pending: boolean } {
  if (kept?.pending) return { data: kept.answers, pending: true };
  return { data: server, pending: false };
}
