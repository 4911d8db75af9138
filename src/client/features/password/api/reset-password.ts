import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface ResetPasswordInput {
  token: string;
  password: string;
  confirmPassword: string;
}

/** POST /auth/reset-password: sets the new password with the e-mailed token. */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return http.post('auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
