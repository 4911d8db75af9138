import { act } from '@testing-library/react';
import { TEXT_COMMIT_DELAY } from '../../../src/client/forms/pending-edits';

/** Lets a typing pause go by (real timers): free-text fields hand their text to the form (ADR 006). */
export function typingPause(): Promise<void> {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, TEXT_COMMIT_DELAY + 20)));
}
