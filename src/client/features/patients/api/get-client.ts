import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { type ClientView, clientKeys } from './types';

/** GET /clients/:id: intake status and sections, responses given, results. */
export function useClient(id: string | undefined) {
  return useQuery({
    queryKey: clientKeys.client(id ?? ''),
    queryFn: () => http.get<ClientView>(`clients/${encodeURIComponent(id as string)}`),
    enabled: id !== undefined,
  });
}
