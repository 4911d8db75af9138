/** Users type an e-mail address in any case and with stray spaces; it is stored and compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
