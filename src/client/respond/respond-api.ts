import type { QuestionnaireDefinition } from '../../forms/questionnaires';
import type { Lang } from '../../forms/types';
import {
  type Answers,
  ERROR_CODES,
  type RespondLinkView,
  type RespondSaveView,
  type RespondSubmitView,
} from '../../shared';

export type { Answers };

/**
 * What the respondent's page reads (GET /respond/:token): who asks, the label, the questionnaire and the answers
 * so far. The questionnaire's form documents are typed by the engine.
 */
export type LinkView = Omit<RespondLinkView, 'questionnaire'> & { questionnaire: QuestionnaireDefinition };

export type ClosedReason = 'expired' | 'revoked' | 'used' | 'locked' | 'replaced';

/** The outcomes of a call the page tells apart; `offline` is a request that never reached the server. */
export type Outcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'closed'; reason: ClosedReason; language?: Lang }
  | { kind: 'code'; wrong: boolean; attemptsLeft?: number; language?: Lang }
  | { kind: 'notFound' }
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'offline' }
  | { kind: 'failed'; status: number };

/** The token is the page address's last segment: /r/<token>. */
export function tokenFromPath(pathname: string): string {
  return decodeURIComponent(pathname.replace(/^\/r\//, '').split('/')[0] ?? '');
}

/** The link's first read, started by respond.html's inline script before any module arrived. */
export interface EarlyLinkRead {
  token: string;
  code: string | undefined;
  response: Promise<Response>;
}

async function call<T>(
  token: string,
  code: string | undefined,
  method: 'GET' | 'PUT' | 'POST',
  path = '',
  body?: unknown,
  started?: Promise<Response>,
): Promise<Outcome<T>> {
  let response: Response;
  try {
    response = await (started ??
      fetch(`/api/respond/${encodeURIComponent(token)}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(code ? { 'x-link-code': code } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      }));
  } catch {
    return { kind: 'offline' };
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { kind: 'ok', value: json as T };
  const language = json.language as Lang | undefined;
  if (response.status === 410) return { kind: 'closed', reason: json.reason as ClosedReason, language };
  if (json.code === ERROR_CODES.LINK_CODE_REQUIRED) return { kind: 'code', wrong: false, language };
  if (json.code === ERROR_CODES.LINK_CODE_WRONG)
    return { kind: 'code', wrong: true, attemptsLeft: json.attemptsLeft as number, language };
  if (response.status === 404) return { kind: 'notFound' };
  // 400: a value an item cannot take; 422: unanswered required items (ADR 107)
  if ((response.status === 400 || response.status === 422) && json.fields)
    return { kind: 'invalid', fields: json.fields as Record<string, string> };
  // a proxy's page or the server going away: the answers stay queued like offline
  if (response.status >= 500) return { kind: 'offline' };
  return { kind: 'failed', status: response.status };
}

/** Reads the link; the early read is taken when it asked for the same token and code. */
export const readLink = (token: string, code?: string, early?: EarlyLinkRead) =>
  call<LinkView>(
    token,
    code,
    'GET',
    '',
    undefined,
    early && early.token === token && early.code === code ? early.response : undefined,
  );

export const saveAnswers = (token: string, code: string | undefined, answers: Answers) =>
  call<RespondSaveView>(token, code, 'PUT', '', { answers });

/** The language the respondent fills in, kept on the response for the next visit (ADR 111). */
export const saveLanguage = (token: string, code: string | undefined, language: Lang) =>
  call<{ language: Lang }>(token, code, 'PUT', '/language', { language });

/** Sends the answers once; the answer carries help for the respondent when one of them raised a flag. */
export const submitAnswers = (token: string, code: string | undefined, answers: Answers) =>
  call<RespondSubmitView>(token, code, 'POST', '/submit', { answers });

export type RespondentHelp = NonNullable<RespondSubmitView['help']>;
