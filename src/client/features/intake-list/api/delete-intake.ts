import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { type IntakeListItem, intakeListKey } from './list-intakes';

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
      queryClient.setQueryData<IntakeListItem[]>(intakeListKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
      queryClient.removeQueries({ queryKey: ['client-intake', 'record', id] });
      void queryClient.invalidateQueries({ queryKey: intakeListKey });
    },
  });
}
