import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordAnswer } from '../../../../shared';
import { http } from '../../../lib/http';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** Every session ended; `accessToken` is the fresh one for this browser. */
export type ChangePasswordResponse = ChangePasswordAnswer;

/** POST /auth/change-password. */
export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  return http.post<ChangePasswordResponse>('auth/change-password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
