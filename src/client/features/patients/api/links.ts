import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// the link views are the contract's (ADR 073); the names here are the ones the screens use
export type {
  CreateLinkInput,
  IssuedLinkView as IssuedLink,
  LinkRespondent,
  LinkState,
  NewResultsView,
  RespondentLinkView as RespondentLink,
} from '../../../../shared';

import type {
  CreateLinkInput,
  IssuedLinkView as IssuedLink,
  NewResultsView,
  RespondentLinkView as RespondentLink,
} from '../../../../shared';

export const linkKeys = {
  all: ['links'] as const,
  ofClient: (clientId: string) => ['links', 'client', clientId] as const,
  newResults: ['links', 'new-results'] as const,
};

const clientPath = (clientId: string) => `clients/${encodeURIComponent(clientId)}/links`;

export function useClientLinks(clientId: string) {
  return useQuery({
    queryKey: linkKeys.ofClient(clientId),
    queryFn: () => http.get<RespondentLink[]>(clientPath(clientId)),
  });
}

function useLinkMutation<T>(run: (input: T) => Promise<IssuedLink | RespondentLink>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: linkKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['clients'] });
    },
  });
}

export const useCreateLink = (clientId: string) =>
  useLinkMutation((input: CreateLinkInput) => http.post<IssuedLink>(clientPath(clientId), input));

export const useRevokeLink = () =>
  useLinkMutation((id: string) => http.post<RespondentLink>(`links/${encodeURIComponent(id)}/revoke`, {}));

export const useSendLink = () =>
  useLinkMutation(({ id, email }: { id: string; email?: string }) =>
    http.post<IssuedLink>(`links/${encodeURIComponent(id)}/send`, email ? { email } : {}),
  );

/** Responses that came in by link since the practitioner last opened those clients: the badge and list markers. */
export function useNewResults(enabled = true) {
  return useQuery({
    queryKey: linkKeys.newResults,
    queryFn: () => http.get<NewResultsView>('links/new-results'),
    enabled,
    refetchInterval: 60_000,
  });
}

/** The practitioner opened the client: its new results are no longer new. */
export function useMarkResultsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => http.post<void>(`${clientPath(clientId)}/seen`, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: linkKeys.newResults }),
  });
}
