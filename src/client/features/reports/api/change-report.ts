import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnsweredQuestionnaires, ChangeReport, ChangeReportQuery } from '../../../../shared';
import { http } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';

export type { ChangeReport, ChangeReportQuery };

const searchOf = (query: ChangeReportQuery) =>
  new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));

/** GET /reports/change; the previous report stays on screen while the next one loads. */
export function useChangeReport(query: ChangeReportQuery | null) {
  return useQuery({
    queryKey: ['reports', 'change', query] as const,
    queryFn: () => http.get<ChangeReport>(`reports/change?${searchOf(query!)}`),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    // a report reads the whole caseload: answer a revisit from the cache, not with another audit entry each time
    staleTime: 60_000,
  });
}

/** GET /reports/questionnaires: the questionnaires with scores to report, the most recently answered first. */
export function useAnsweredQuestionnaires() {
  return useQuery({
    queryKey: ['reports', 'questionnaires'] as const,
    queryFn: () => http.get<AnsweredQuestionnaires>('reports/questionnaires'),
    staleTime: 60_000,
  });
}

/** GET /reports/change.csv, handed to the browser as a download. */
export async function downloadChangeReport(query: ChangeReportQuery): Promise<void> {
  saveFile(await http.download(`reports/change.csv?${searchOf(query)}`, 'change-report.csv'));
}
