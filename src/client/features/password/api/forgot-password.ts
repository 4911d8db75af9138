import { useMutation } from '@tanstack/react-query';
import { normalizeEmail } from '../../../../shared';
import { http } from '../../../lib/http';

/** POST /auth/forgot-password: always answers the same, whether or not the address has an account. */
export function forgotPassword(email: string): Promise<unknown> {
  return http.post('auth/forgot-password', { email: normalizeEmail(email) });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
