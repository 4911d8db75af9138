import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertActionBody, ClientAlert } from '../../../../shared';
import { http } from '../../../lib/http';
import { linkKeys } from './links';

export const alertKeys = {
  ofClient: (clientId: string) => ['alerts', 'client', clientId] as const,
};

/** Every alert of a client, newest first, with what was done and the note: the client page's history. */
export function useClientAlerts(clientId: string) {
  return useQuery({
    queryKey: alertKeys.ofClient(clientId),
    queryFn: () => http.get<ClientAlert[]>(`clients/${encodeURIComponent(clientId)}/alerts`),
  });
}

/** Marks an alert seen or resolved; "Needs attention" and the client's history are read again. */
export function useHandleAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AlertActionBody & { id: string }) =>
      http.post<void>(`alerts/${encodeURIComponent(id)}`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: linkKeys.newResults });
      void queryClient.invalidateQueries({ queryKey: ['alerts'] });
    },
  });
}
