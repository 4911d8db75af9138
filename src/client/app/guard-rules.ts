import { foldStatus } from '../lib/account-status';
import type { AppConfig } from '../lib/app-config';
import type { User } from '../stores/auth-store';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; reason: GuardReason };

export type GuardReason = 'signed-out' | 'email-unverified' | 'pending-approval' | 'rejected' | 'suspended';

export interface GuardInput {
  isAuthenticated: boolean;
  user: Pick<User, 'emailVerified' | 'accountStatus'> | null;
  config: Pick<AppConfig, 'requireEmailVerification' | 'requireApproval'>;
  /** Sign-up steps 2 and 3 need a session but not a verified e-mail or approval. */
  sessionOnly?: boolean;
}

const APPROVAL_NOTICES: Record<string, { to: string; reason: GuardReason }> = {
  pending_verification: { to: '/pending-approval', reason: 'pending-approval' },
  rejected: { to: '/account-rejected', reason: 'rejected' },
  suspended: { to: '/account-suspended', reason: 'suspended' },
};

/** Section 4's route guard as a pure function: who may see a signed-in page, and where the others go. */
export function decideAccess({
  isAuthenticated,
  user,
  config,
  sessionOnly = false,
}: GuardInput): GuardDecision {
  if (!isAuthenticated || !user) return { kind: 'redirect', to: '/login', reason: 'signed-out' };
  if (sessionOnly) return { kind: 'allow' };
  if (config.requireEmailVerification && !user.emailVerified) {
    return { kind: 'redirect', to: '/verify-email/pending', reason: 'email-unverified' };
  }
  if (config.requireApproval) {
    const status = foldStatus(user.accountStatus) ?? '';
    const notice = status === 'approved' ? undefined : APPROVAL_NOTICES[status];
    if (notice) return { kind: 'redirect', ...notice };
  }
  return { kind: 'allow' };
}
