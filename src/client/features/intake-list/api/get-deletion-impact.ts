import { useQuery } from '@tanstack/react-query';
import type { DeletionImpactView } from '../../../../shared';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** What goes with a deleted record: questionnaire responses, those with a result, respondent links. */
export type DeletionImpact = DeletionImpactView;

/** GET /client-intake/:id/deletion-impact */
export function getDeletionImpact(id: string): Promise<DeletionImpact> {
  return http.get<DeletionImpact>(`client-intake/${encodeURIComponent(id)}/deletion-impact`);
}

/** Counted when the dialog opens, and afresh each time: a link may have come in since. */
export function useDeletionImpact(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.intakes.deletionImpact(id ?? ''),
    queryFn: () => getDeletionImpact(id as string),
    enabled: id !== undefined,
    staleTime: 0,
  });
}
