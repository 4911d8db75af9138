import { useMutation } from '@tanstack/react-query';
import { type CooldownAnswer, normalizeEmail } from '../../../../shared';
import { http } from '../../../lib/http';

/** Seconds before another e-mail may be requested. */
export type ResendResponse = CooldownAnswer;

/** POST /auth/resend-verification. */
export function resendVerification(email: string): Promise<ResendResponse> {
  return http.post<ResendResponse>('auth/resend-verification', { email: normalizeEmail(email) });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
