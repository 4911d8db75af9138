import type { Answers } from './respond-api';

/** What this device keeps of a link's answers: the latest, and whether the server has them yet. */
export interface Kept {
  answers: Answers;
  pending: boolean;
}

/** The storage key of one link; a part of the token is enough to tell links apart on one device. */
export const keptKey = (token: string) => `respond:${token.slice(0, 16)}`;

/**
 * Keeps a link's answers on the device (localStorage) so a reload or a dropped connection loses nothing:
 * `pending` until the server confirmed them. Storage that is blocked or full simply keeps nothing.
 */
export function createAnswerKeeper(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined,
  key: string,
) {
  return {
    load(): Kept | undefined {
      try {
        const text = storage?.getItem(key);
        if (!text) return undefined;
        const kept = JSON.parse(text) as Kept;
        return kept && typeof kept.answers === 'object' && kept.answers !== null ? kept : undefined;
      } catch {
        return undefined;
      }
    },
    keep(answers: Answers, pending: boolean): void {
      try {
        storage?.setItem(key, JSON.stringify({ answers, pending } satisfies Kept));
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

export type AnswerKeeper = ReturnType<typeof createAnswerKeeper>;

/** The answers to start from: the device's when it still holds some the server has not seen, else the server's. */
export function startingAnswers(
  server: Answers,
  kept: Kept | undefined,
): { answers: Answers; pending: boolean } {
  if (kept?.pending) return { answers: kept.answers, pending: true };
  return { answers: server, pending: false };
}

/** Items answered among those shown: the progress the page shows. */
export function progressOf(shown: string[], answers: Answers): { answered: number; total: number } {
  const answered = shown.filter((id) => {
    const value = answers[id];
    return (
      value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)
    );
  }).length;
  return { answered, total: shown.length };
}
