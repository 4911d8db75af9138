import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lang } from '../../../../forms/types';
import { http } from '../../../lib/http';
import { clientKeys, type ResponseView } from './types';

/**
 * PUT /responses/:id/language: the language a draft is filled in (ADR 111). Only the cached language follows: the
 * answers on screen are the fill page's, not the server's.
 */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, language }: { id: string; language: Lang }) =>
      http.put<ResponseView>(`responses/${encodeURIComponent(id)}/language`, { language }),
    onSuccess: (changed) =>
      queryClient.setQueryData<ResponseView>(clientKeys.response(changed.id), (old) =>
        old ? { ...old, language: changed.language } : old,
      ),
  });
}
