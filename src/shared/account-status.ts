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
