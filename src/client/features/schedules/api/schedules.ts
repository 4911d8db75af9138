import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateScheduleInput,
  DueOccurrenceView,
  IssuedScheduleView,
  OccurrenceView,
  ScheduleView,
} from '../../../../shared';
import { http } from '../../../lib/http';

export const scheduleKeys = {
  all: ['schedules'] as const,
  ofClient: (clientId: string) => ['schedules', 'client', clientId] as const,
  due: ['schedules', 'due'] as const,
};

const clientPath = (clientId: string) => `clients/${encodeURIComponent(clientId)}/schedules`;

/** GET /clients/:id/schedules: the client's schedules with their occurrences; the sender works in the background. */
export function useClientSchedules(clientId: string) {
  return useQuery({
    queryKey: scheduleKeys.ofClient(clientId),
    queryFn: () => http.get<ScheduleView[]>(clientPath(clientId)),
    refetchInterval: 60_000,
  });
}

/** GET /schedules/due: every due or overdue occurrence of the practitioner, across clients. */
export function useDueOccurrences() {
  return useQuery({
    queryKey: scheduleKeys.due,
    queryFn: () => http.get<DueOccurrenceView[]>('schedules/due'),
  });
}

/** A change to a schedule also changes the client list's counts and the links the sender made. */
function useScheduleMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['clients'] });
      void queryClient.invalidateQueries({ queryKey: ['links'] });
    },
  });
}

export const useCreateSchedule = (clientId: string) =>
  useScheduleMutation((input: CreateScheduleInput) =>
    http.post<IssuedScheduleView>(clientPath(clientId), input),
  );

export type ScheduleAction = 'pause' | 'resume' | 'stop';

export const useScheduleAction = () =>
  useScheduleMutation(({ id, action }: { id: string; action: ScheduleAction }) =>
    http.post<ScheduleView>(`schedules/${encodeURIComponent(id)}/${action}`, {}),
  );

export const useCancelOccurrence = () =>
  useScheduleMutation((id: string) =>
    http.post<OccurrenceView>(`occurrences/${encodeURIComponent(id)}/cancel`, {}),
  );
