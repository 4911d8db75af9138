import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { type AnswersDraftOptions, createAnswersDraft } from './answers-draft';

/** A screen's answers draft (ADR 110): made once, saving while the screen is shown, re-drawn on each change. */
export function useAnswersDraft(options: () => AnswersDraftOptions) {
  const [draft] = useState(() => createAnswersDraft(options()));
  useEffect(() => {
    draft.start();
    return () => draft.stop();
  }, [draft]);
  const state = useStore(draft.store);
  return { draft, state };
}
