import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface AccessEntry {
  id: string;
  at: string;
  action: string;
  actorKind: 'practitioner' | 'link' | 'operator';
  recordType: string;
  address: string | null;
  byMe: boolean;
}

/** GET /client-intake/:id/access-history */
export function getAccessHistory(id: string): Promise<{ entries: AccessEntry[] }> {
  return http.get<{ entries: AccessEntry[] }>(`client-intake/${encodeURIComponent(id)}/access-history`);
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
