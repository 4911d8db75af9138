import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lang } from '../../../../forms/types';
import { http } from '../../../lib/http';

export type LinkRespondent = 'guardian' | 'teacher' | 'self';
export type LinkState = 'created' | 'opened' | 'inProgress' | 'submitted' | 'expired' | 'revoked' | 'locked';

export interface RespondentLink {
  id: string;
  clientId: string;
  responseId: string;
  questionnaireId: string;
  respondent: LinkRespondent;
  language: Lang;
  label: string | null;
  email: string | null;
  hasCode: boolean;
  state: LinkState;
  expiresAt: string;
  openedAt: string | null;
  sentAt: string | null;
  submittedAt: string | null;
  createdAt: string;
}

export interface CreateLinkInput {
  questionnaireId: string;
  respondent: LinkRespondent;
  language: Lang;
  label?: string;
  withCode?: boolean;
  email?: string;
}

/** A new link's address and code: shown once (only hashes are kept). */
export interface IssuedLink {
  link: RespondentLink;
  url: string;
  code?: string | null;
}

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

/** Responses that came in by link since the practitioner last opened those clients: the Patients badge. */
export function useNewResults(enabled = true) {
  return useQuery({
    queryKey: linkKeys.newResults,
    queryFn: () =>
      http.get<{ count: number; clients: Array<{ intakeId: string; count: number }> }>('links/new-results'),
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
