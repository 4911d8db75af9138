export const VERIFY_CODE_LENGTH = 6;

/** What a person types or pastes ('123 456', '123-456') reduced to the code's digits. */
export function normalizeVerifyCode(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, VERIFY_CODE_LENGTH);
}

export function isCompleteVerifyCode(code: string): boolean {
  return new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`).test(code);
}
