import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { IntakeListItem } from './list-intakes';

/** DELETE /client-intake/:id */
export function deleteIntake(id: string): Promise<void> {
  return http.delete<void>(`client-intake/${encodeURIComponent(id)}`);
}

/** Deletes, then drops the record from the cached list and any cached copy of it. */
export function useDeleteIntake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIntake,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<IntakeListItem[]>(queryKeys.intakes.list, (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.removeQueries({ queryKey: queryKeys.intakes.record(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.intakes.list });
    },
  });
}
