import { act } from '@testing-library/react';
import { TEXT_COMMIT_DELAY } from '../../../src/client/forms/pending-edits';

/**
 * Lets a typing pause go by (real timers): free-text fields hand their text to the form (ADR 006). A wait for
 * something to happen, never for it not to: each caller then asserts what the handed-over text changed (an error
 * shown or gone, a call made), so a pause too short fails the test instead of passing it.
 */
export function typingPause(): Promise<void> {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, TEXT_COMMIT_DELAY + 20)));
}
