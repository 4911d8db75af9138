import { normalizeEmail } from '../../../../shared';
import { http } from '../../../lib/http';

/** GET /auth/check-email?email=: whether the address is free. A failed check counts as available. */
export async function checkEmailAvailable(email: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const answer = await http.get<{ data?: { available?: boolean } }>('auth/check-email', {
      searchParams: { email: normalizeEmail(email) },
      signal,
    });
    return answer?.data?.available !== false;
  } catch (error) {
    if (signal?.aborted) throw error;
    return true;
  }
}
