import { toAccountStatus } from '../../lib/account-status';
import type { User } from '../../stores/auth-store';

/** Where a fresh login lands, by account status (section 2, sign-in). */
export function landingRoute(user: Pick<User, 'accountStatus'> | null | undefined): string {
  switch (toAccountStatus(user?.accountStatus)) {
    case 'pending_verification':
      return '/verify-email/pending';
    case 'email_verified':
      return '/signup/step2';
    default:
      return '/dashboard';
  }
}
