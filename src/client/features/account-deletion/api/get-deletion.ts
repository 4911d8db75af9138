import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** GET /account/deletion: when this browser's deleted account is purged (its cookie names it); 404 when none. */
export function getDeletion(): Promise<{ deletionDueAt: string }> {
  return http.get<{ deletionDueAt: string }>('account/deletion');
}

/** Asked only when the page was reloaded (the delete's own answer carries the date otherwise). */
export function useDeletion(enabled: boolean) {
  return useQuery({ queryKey: ['account-deletion'], queryFn: getDeletion, enabled, retry: false });
}
