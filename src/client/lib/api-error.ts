/** Field path -> message, as the server reports validation failures. */
export type FieldErrors = Record<string, string>;

/**
 * The one error type every API call rejects with. `status` is 0 when no answer arrived
 * (network failure or timeout); `retryAfter` is in seconds when the server asked us to wait.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: FieldErrors | undefined;
  readonly retryAfter: number | undefined;
  /** The whole JSON body, for calls that carry extra data with an error (e.g. a cooldown). */
  readonly body: Record<string, unknown> | undefined;
  /** The server's own message, if it sent one; `message` may be a client-made text instead. */
  readonly serverMessage: string | undefined;

  constructor(init: {
    status: number;
    message: string;
    code?: string;
    fields?: FieldErrors;
    retryAfter?: number;
    body?: Record<string, unknown>;
    serverMessage?: string;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.retryAfter = init.retryAfter;
    this.body = init.body;
    this.serverMessage = init.serverMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
