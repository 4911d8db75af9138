import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { IntakeRecord } from './types';

/** GET /client-intake/:id */
export function getIntake(id: string): Promise<IntakeRecord> {
  return http.get<IntakeRecord>(`client-intake/${encodeURIComponent(id)}`);
}

/** The record, cached 5 minutes and retried once (the app's query defaults); idle without an id. */
export function useIntake(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.intakes.record(id ?? ''),
    queryFn: () => getIntake(id as string),
    enabled: id !== undefined,
  });
}
