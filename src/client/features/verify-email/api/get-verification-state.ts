import { http } from '../../../lib/http';

/** GET /auth/me, read only for `emailVerified` while waiting on the pending screen. */
export async function getVerificationState(): Promise<{ emailVerified: boolean }> {
  const { user } = await http.get<{ user: { emailVerified?: boolean } }>('auth/me');
  return { emailVerified: user.emailVerified === true };
}
