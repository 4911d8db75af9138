import { useQuery } from '@tanstack/react-query';
import type { IntakeListItemView } from '../../../../shared';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type IntakeListItem = IntakeListItemView;

/** GET /client-intake: the practitioner's intakes, newest change first. */
export function listIntakes(): Promise<IntakeListItem[]> {
  return http.get<IntakeListItem[]>('client-intake');
}

export function useIntakeList() {
  return useQuery({ queryKey: queryKeys.intakes.list, queryFn: listIntakes });
}
