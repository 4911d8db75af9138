import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface DeleteAccountResponse {
  /** When the purge removes the data (ISO); the mailed link cancels it until then. */
  deletionDueAt: string;
}

/** POST /account/delete { password }: sign-in is blocked and every session ends at once. */
export function deleteAccount(input: { password: string }): Promise<DeleteAccountResponse> {
  return http.post<DeleteAccountResponse>('account/delete', input);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
