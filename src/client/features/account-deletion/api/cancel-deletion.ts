import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /account/cancel-deletion { token }: the mailed link keeps the account. */
export function cancelDeletion(token: string): Promise<{ ok: true }> {
  return http.post<{ ok: true }>('account/cancel-deletion', { token });
}

export function useCancelDeletion() {
  return useMutation({ mutationFn: cancelDeletion });
}
