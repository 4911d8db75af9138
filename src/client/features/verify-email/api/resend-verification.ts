import { useMutation } from '@tanstack/react-query';
import { normalizeEmail } from '../../../../shared';
import { http } from '../../../lib/http';

export interface ResendResponse {
  /** Seconds before another e-mail may be requested. */
  cooldown?: number;
}

/** POST /auth/resend-verification. */
export function resendVerification(email: string): Promise<ResendResponse> {
  return http.post<ResendResponse>('auth/resend-verification', { email: normalizeEmail(email) });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
