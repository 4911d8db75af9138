import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lang } from '../../../../forms/types';
import type { QuestionnaireRespondent } from '../../../../shared';
import { http } from '../../../lib/http';
import { clientKeys, type ResponseView } from './types';

export interface GiveInput {
  clientId: string;
  questionnaireId: string;
  /** Who answers: one of the questionnaire's respondents (a correction keeps the original's). */
  respondent?: QuestionnaireRespondent;
  language: Lang;
  /** A submitted response this new one corrects. */
  replaces?: string;
  /** The practitioner confirmed giving it outside its age range (the server records it). */
  ageOverride?: boolean;
}

/** POST /clients/:id/responses: a new draft pinned to today's questionnaire and scoring versions. */
export function useGiveQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, ...body }: GiveInput) =>
      http.post<ResponseView>(`clients/${encodeURIComponent(clientId)}/responses`, body),
    onSuccess: (created) => {
      queryClient.setQueryData(clientKeys.response(created.id), created);
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
    },
  });
}
