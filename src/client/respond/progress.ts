import type { Answers } from './respond-api';

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

/** The device copy's key of one link; a part of the token is enough to tell links apart on one device. */
export const keptKey = (token: string) => `respond:${token.slice(0, 16)}`;
