import { useQuery } from '@tanstack/react-query';
import type { AccessHistoryView } from '../../../../shared';
import { http } from '../../../lib/http';

export type AccessEntry = AccessHistoryView['entries'][number];

/** GET /client-intake/:id/access-history */
export function getAccessHistory(id: string): Promise<AccessHistoryView> {
  return http.get<AccessHistoryView>(`client-intake/${encodeURIComponent(id)}/access-history`);
}

/** Always fresh: the page exists to show what happened up to now. */
export function useAccessHistory(id: string | undefined) {
  return useQuery({
    queryKey: ['access-history', id ?? ''],
    queryFn: () => getAccessHistory(id as string),
    enabled: id !== undefined,
    staleTime: 0,
  });
}
