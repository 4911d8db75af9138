import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { User } from '../../../stores/auth-store';

export async function verifyEmail(token: string): Promise<User> {
  const { user } = await http.get<{ user: User }>('auth/verify-email', { searchParams: { token } });
  return user;
}

/**
 * GET /auth/verify-email?token=: the token is single use, so the answer is cached for the page's
 * life and never retried (a retry would report 'already verified').
 */
export function useVerifyEmail(token: string | null) {
  return useQuery({
    queryKey: queryKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token as string),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
