import { useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '../../../shared';
import { isApiError } from '../../lib/api-error';
import type { SaveOutcome } from '../../lib/draft/answers-draft';
import { useAnswersDraft } from '../../lib/draft/use-answers-draft';
import { getResponse, saveResponseDraft, submitResponse } from './api/response-calls';
import { type Answers, clientKeys, type ResponseView } from './api/types';

/** The intake's timing (spec: 2 s after the last change; retries quick at first, then every 30 s). */
const DRAFT_TIMING = { delay: 2000, retryDelays: [2000, 5000, 10_000, 30_000] } as const;

/** No answer, the server failing, or being asked to wait: kept and sent again by the draft model. */
const transient = (error: unknown) =>
  !isApiError(error) || error.status === 0 || error.status === 429 || error.status >= 500;

/** Where the server stands, from a 409's body. */
function staleAt(error: unknown): { version?: number; savedAt?: Date } {
  const body = isApiError(error) ? error.body : undefined;
  const version = Number(body?.version);
  const savedAt = new Date(String(body?.updatedAt ?? ''));
  return {
    version: Number.isInteger(version) ? version : undefined,
    savedAt: Number.isNaN(savedAt.getTime()) ? undefined : savedAt,
  };
}

export type SubmitOutcome =
  | { kind: 'submitted' }
  | { kind: 'refused'; fields?: Record<string, string>; message?: string }
  | { kind: 'conflict' };

/**
 * An in-session fill as a draft (ADR 110): auto-saved like the intake, a stale version kept on screen for the
 * practitioner's choice, a submit that waits for the save on its way.
 */
export function useResponseDraft(response: ResponseView) {
  const queryClient = useQueryClient();
  // lists and counts learn of the change when next shown; this page's own answers are the draft's
  const changed = () => void queryClient.invalidateQueries({ queryKey: clientKeys.all, refetchType: 'none' });
  const { draft, state } = useAnswersDraft(() => ({
    ...DRAFT_TIMING,
    answers: response.answers,
    version: response.version,
    savedAt: new Date(response.updatedAt),
    save: async (answers, version): Promise<SaveOutcome> => {
      try {
        const saved = await saveResponseDraft(response.id, answers, version);
        changed();
        return { kind: 'saved', version: saved.version, savedAt: new Date(saved.updatedAt) };
      } catch (error) {
        if (transient(error)) throw error;
        if (isApiError(error) && error.code === ERROR_CODES.CONFLICT)
          return { kind: 'stale', ...staleAt(error) };
        if (isApiError(error) && error.code === ERROR_CODES.RESPONSE_SUBMITTED) return { kind: 'closed' };
        return { kind: 'refused' };
      }
    },
  }));

  /** Submit and score: after the save on its way; offline, sent by itself when the connection is back. */
  const submit = (shown: Answers): Promise<SubmitOutcome> => {
    draft.change(shown);
    return draft.submit(async (answers, version): Promise<SubmitOutcome> => {
      try {
        const submitted = await submitResponse(response.id, answers, version);
        draft.done();
        queryClient.setQueryData(clientKeys.response(submitted.id), submitted);
        void queryClient.invalidateQueries({ queryKey: clientKeys.all });
        return { kind: 'submitted' };
      } catch (error) {
        if (transient(error)) throw error;
        if (isApiError(error) && error.code === ERROR_CODES.CONFLICT) {
          draft.stale(staleAt(error));
          return { kind: 'conflict' };
        }
        return {
          kind: 'refused',
          fields: isApiError(error) ? error.fields : undefined,
          message: isApiError(error) ? error.message : undefined,
        };
      }
    });
  };

  /** The conflict's other choice: the answers the server has now replace this page's. */
  const reload = async () => {
    const fresh = await getResponse(response.id);
    draft.reloaded(fresh.answers, fresh.version, new Date(fresh.updatedAt));
    // submitted elsewhere: the page turns to the submitted response
    queryClient.setQueryData(clientKeys.response(fresh.id), fresh);
  };

  return { draft, state, submit, reload };
}
