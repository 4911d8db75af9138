import { useQuery } from '@tanstack/react-query';
import type { SectionState } from '../../../../forms';
import { http } from '../../../lib/http';

export interface IntakeListItem {
  id: string;
  clientName: string;
  status: 'draft' | 'submitted';
  updatedAt: string;
  /** Section key -> its state, computed by the server with every save (ADR 060). */
  sectionStates: Record<string, SectionState>;
}

/** Shared with the intake screens, which refresh it after every save. */
export const intakeListKey = ['client-intake', 'list'] as const;

/** GET /client-intake: the practitioner's intakes, newest change first. */
export function listIntakes(): Promise<IntakeListItem[]> {
  return http.get<IntakeListItem[]>('client-intake');
}

export function useIntakeList() {
  return useQuery({ queryKey: intakeListKey, queryFn: listIntakes });
}
