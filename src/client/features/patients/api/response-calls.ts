import { useQuery } from '@tanstack/react-query';
import type { ResponseSaveView } from '../../../../shared';
import { http } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';
import { type Answers, clientKeys, type ResponseView } from './types';

/** GET /responses/:id */
export const getResponse = (id: string) => http.get<ResponseView>(`responses/${encodeURIComponent(id)}`);

export function useResponse(id: string | undefined) {
  return useQuery({
    queryKey: clientKeys.response(id ?? ''),
    queryFn: () => getResponse(id as string),
    enabled: id !== undefined,
    // a draft being filled is this tab's; a refetch must not replace what is on screen
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type SavedResponse = ResponseSaveView;

/** PUT /responses/:id: the draft's answers, at the version this tab last saw (409 CONFLICT otherwise). */
export const saveResponseDraft = (id: string, answers: Answers, version: number | undefined) =>
  http.put<SavedResponse>(`responses/${encodeURIComponent(id)}`, { answers, version });

/** POST /responses/:id/submit: the server checks the answers and computes the scores of record. */
export const submitResponse = (id: string, answers: Answers, version: number | undefined) =>
  http.post<ResponseView>(`responses/${encodeURIComponent(id)}/submit`, { answers, version });

/** GET /clients/:id/scores.csv, handed to the browser as a download. */
export async function downloadScores(clientId: string): Promise<void> {
  saveFile(
    await http.download(
      `clients/${encodeURIComponent(clientId)}/scores.csv`,
      `scores-${clientId.slice(0, 8)}.csv`,
    ),
  );
}
