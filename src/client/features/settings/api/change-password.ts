import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

export interface ChangePasswordResponse {
  /** Every session ended; this is the fresh one for this browser. */
  accessToken?: string;
}

/** POST /auth/change-password. */
export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  return http.post<ChangePasswordResponse>('auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
