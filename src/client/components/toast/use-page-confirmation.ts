import { useEffect } from 'react';
import { useToastStore } from './toast-store';

/**
 * For a page that shows its own confirmation (a success notice): while it shows, no success toast repeats it.
 * The toast said it during the move; the page now says it where the reader looks.
 */
export function usePageConfirmation(shown: boolean): void {
  useEffect(() => {
    if (shown) useToastStore.getState().dismissSuccess();
  }, [shown]);
}
