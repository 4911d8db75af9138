/** The account statuses the product knows, in the spec's order: stored in `users.status`, sent as `accountStatus`. */
export const ACCOUNT_STATUSES = [
  'pending_verification',
  'email_verified',
  'profile_completed',
  'under_review',
  'approved',
  'rejected',
  'suspended',
] as const;

export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * Whether an account may open client data (intake records, clients, responses, links): always when the server
 * does not require approval, otherwise only once its credentials are approved (ADR 105). The server's guard and
 * the client's screens both ask this.
 */
export function mayOpenClientData(status: string, requireApproval: boolean): boolean {
  return !requireApproval || status === 'approved';
}
