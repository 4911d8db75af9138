/**
 * Every react-query key of the app, one entry per resource (ADR 073): a screen that refreshes another's data
 * names the same key, and a key that changes changes here. Keys are the client's own, so they live in the client.
 */
export const queryKeys = {
  appConfig: ['app-config'] as const,
  currentUser: ['auth', 'me'] as const,
  verifyEmail: (token: string | null) => ['verify-email', token] as const,
  intakes: {
    all: ['client-intake'] as const,
    /** The practitioner's list: the list screen reads it, the intake screens refresh it after every save. */
    list: ['client-intake', 'list'] as const,
    record: (id: string) => ['client-intake', 'record', id] as const,
    /** What a delete would take with the record (the dialog's counts). */
    deletionImpact: (id: string) => ['client-intake', 'deletion-impact', id] as const,
  },
  /** Clients (one per intake record) and the questionnaire responses given to them. */
  clients: {
    all: ['clients'] as const,
    list: (q: string) => ['clients', 'list', q] as const,
    client: (id: string) => ['clients', 'client', id] as const,
    response: (id: string) => ['responses', id] as const,
  },
};
