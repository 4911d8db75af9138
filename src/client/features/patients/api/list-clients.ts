import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { type ClientListItem, clientKeys } from './types';

/** GET /clients?q=: the practitioner's clients whose name holds `q`, latest activity first. */
export function useClients(q: string) {
  return useQuery({
    queryKey: clientKeys.list(q),
    queryFn: () => http.get<ClientListItem[]>('clients', q ? { searchParams: { q } } : undefined),
    // the list stays on screen while the next search's answer arrives
    placeholderData: keepPreviousData,
  });
}
