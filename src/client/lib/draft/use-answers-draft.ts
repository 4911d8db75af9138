import { useEffect, useState, useSyncExternalStore } from 'react';
import { type AnswersDraftOptions, createAnswersDraft } from './answers-draft';

/** A screen's answers draft (ADR 110): made once, saving while the screen is shown, re-drawn on each change. */
export function useAnswersDraft(options: () => AnswersDraftOptions) {
  const [draft] = useState(() => createAnswersDraft(options()));
  useEffect(() => {
    draft.start();
    return () => draft.stop();
  }, [draft]);
  const state = useSyncExternalStore(draft.subscribe, draft.getState);
  return { draft, state };
}
