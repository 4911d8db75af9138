/** GET /api/config: the deployment's public settings, read by the client at start. */
export interface AppConfigView {
  productName: string;
  supportEmail: string;
  requireEmailVerification: boolean;
  /** REQUIRE_APPROVAL: client data opens only to approved accounts (ADR 105). */
  requireApproval: boolean;
  /** Days between 'Delete my account' and the purge (DELETION_GRACE_DAYS). */
  deletionGraceDays: number;
}
