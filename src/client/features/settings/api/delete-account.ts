import { useMutation } from '@tanstack/react-query';
import type { DeletionAnswer } from '../../../../shared';
import { http } from '../../../lib/http';

/** When the purge removes the data; the mailed link cancels it until then. */
export type DeleteAccountResponse = DeletionAnswer;

/** POST /account/delete { password }: sign-in is blocked and every session ends at once. */
export function deleteAccount(input: { password: string }): Promise<DeleteAccountResponse> {
  return http.post<DeleteAccountResponse>('account/delete', input);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
