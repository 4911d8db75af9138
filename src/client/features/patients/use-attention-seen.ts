import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { linkKeys, useNewResults } from './api/links';
import { attentionResponses } from './new-results';

/**
 * A submitted response that needs attention is cleared by the server when it is read (ADR 108). The response may
 * come from the cache (it was just submitted here), so it is read again once, and the badge is refreshed.
 */
export function useAttentionSeen(
  responseId: string | undefined,
  submitted: boolean,
  reread: () => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  const waiting = attentionResponses(useNewResults().data).has(responseId ?? '');
  useEffect(() => {
    if (!waiting || !submitted) return;
    void reread().then(() => queryClient.invalidateQueries({ queryKey: linkKeys.newResults }));
  }, [waiting, submitted, reread, queryClient]);
}
