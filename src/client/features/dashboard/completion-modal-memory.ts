/** The completion modal shows once per browser session: remembered in sessionStorage. */
const COMPLETION_MODAL_KEY = 'completion-modal-shown';
export const COMPLETION_MODAL_DELAY_MS = 500;

export function completionModalShown(): boolean {
  try {
    return sessionStorage.getItem(COMPLETION_MODAL_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberCompletionModalShown(): void {
  try {
    sessionStorage.setItem(COMPLETION_MODAL_KEY, '1');
  } catch {
    // not remembered: at worst the modal shows again after a reload
  }
}
