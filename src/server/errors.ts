/** A field message: already translated (from the form engine) or a key of the `errors` namespace. */
import { ERROR_CODES, type ErrorCode, isUuid } from '../shared';
export type FieldMessage = string | { key: string; params?: Record<string, unknown> };

export interface AppErrorOptions {
  /** The locale namespace of `messageKey`; `errors` unless an area keeps its own texts (`intake`, ADR 031). */
  namespace?: 'errors' | 'intake';
  params?: Record<string, unknown>;
  fields?: Record<string, FieldMessage>;
  /** Extra properties of the answer body, e.g. `retryAfter`. */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * An error the client is meant to see: status, stable code and a message key of `locales/<lang>/errors.json`.
 * The error handler translates it into `{ code, message, fields? }` in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError(401, ERROR_CODES.UNAUTHORIZED, 'auth.unauthorized');
export const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, 'request.notFound');

/** An id that cannot exist is simply not found (and never reaches a uuid column). */
export function assertUuid(id: string): void {
  if (!isUuid(id)) throw notFound();
}

export function rateLimited(retryAfter: number, messageKey = 'rateLimit.tooManyRequests', extra = {}) {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  return new AppError(429, ERROR_CODES.RATE_LIMITED, messageKey, {
    params: { retryAfter: seconds },
    extra: { retryAfter: seconds, ...extra },
    headers: { 'retry-after': String(seconds) },
  });
}

/** A 400 VALIDATION_FAILED carrying one message per field path. */
export function validationFailed(fields: Record<string, FieldMessage>) {
  return new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'validation.failed', { fields });
}

/** Seconds a client is asked to wait when the database is away or the server is shutting down. */
export const RETRY_AFTER_UNAVAILABLE = 5;

/** 503 SERVICE_UNAVAILABLE with Retry-After: the database is away or this process is draining (ADR 050). */
export function serviceUnavailable(retryAfter = RETRY_AFTER_UNAVAILABLE) {
  return new AppError(503, ERROR_CODES.SERVICE_UNAVAILABLE, 'unavailable', {
    extra: { retryAfter },
    headers: { 'retry-after': String(retryAfter) },
  });
}
