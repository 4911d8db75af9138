import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '../../shared';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, type FieldMessage, serviceUnavailable } from '../errors';
import { negotiateLanguage } from '../i18n';

/** Fastify and plugin error codes that mean "the client sent something wrong", with our answer for each. */
const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; key: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
    key: 'request.unsupportedMediaType',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ERROR_CODES.INVALID_REQUEST,
    key: 'request.invalid',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ERROR_CODES.PAYLOAD_TOO_LARGE, key: 'request.tooLarge' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ERROR_CODES.INVALID_JSON, key: 'request.invalidJson' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ERROR_CODES.INVALID_JSON, key: 'request.invalidJson' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
    key: 'request.multipartRequired',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: ERROR_CODES.FILE_TOO_LARGE, key: 'request.tooLarge' },
  FST_FILES_LIMIT: { status: 400, code: ERROR_CODES.TOO_MANY_FILES, key: 'upload.tooManyFiles' },
  FST_PARTS_LIMIT: { status: 400, code: ERROR_CODES.INVALID_REQUEST, key: 'request.invalid' },
  FST_FIELDS_LIMIT: { status: 400, code: ERROR_CODES.INVALID_REQUEST, key: 'request.invalid' },
  FST_PROTO_VIOLATION: { status: 400, code: ERROR_CODES.INVALID_REQUEST, key: 'request.invalid' },
};

function reasonFor(status: number): { code: ErrorCode; key: string } {
  if (status === 404) return { code: ERROR_CODES.NOT_FOUND, key: 'request.notFound' };
  if (status === 405) return { code: ERROR_CODES.METHOD_NOT_ALLOWED, key: 'request.notFound' };
  if (status === 413) return { code: ERROR_CODES.PAYLOAD_TOO_LARGE, key: 'request.tooLarge' };
  if (status === 415)
    return { code: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, key: 'request.unsupportedMediaType' };
  if (status === 429) return { code: ERROR_CODES.RATE_LIMITED, key: 'rateLimit.later' };
  return { code: ERROR_CODES.INVALID_REQUEST, key: 'request.invalid' };
}

/** Fastify's own schema errors (`/graduationYear must be number`) as field paths with a translated message. */
function schemaFields(request: FastifyRequest, error: FastifyError): Record<string, FieldMessage> {
  const fields: Record<string, FieldMessage> = {};
  for (const item of error.validation ?? []) {
    const base = item.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const missing = (item.params as { missingProperty?: string }).missingProperty;
    const path = missing ? (base ? `${base}.${missing}` : missing) : base || '_form';
    const key = missing ? 'validation.required' : 'validation.invalid';
    fields[path] ??= request.server.t(request.lang, key);
  }
  return fields;
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  key: string,
  extra: {
    namespace?: 'errors' | 'intake';
    params?: Record<string, unknown>;
    fields?: Record<string, FieldMessage>;
    body?: object;
  } = {},
) {
  const lang = request.lang ?? negotiateLanguage(request.headers['accept-language']);
  const t = request.server.t;
  const message =
    extra.namespace && extra.namespace !== 'errors'
      ? request.server.engine.t(lang, extra.namespace, key, extra.params)
      : t(lang, key, extra.params);
  const body: Record<string, unknown> = { code, message };
  if (extra.fields && Object.keys(extra.fields).length > 0) {
    body.fields = Object.fromEntries(
      Object.entries(extra.fields).map(([path, m]) => [
        path,
        typeof m === 'string' ? m : t(lang, m.key, m.params),
      ]),
    );
  }
  Object.assign(body, extra.body);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** At most one 'database unavailable' warning per this many milliseconds. */
const OUTAGE_LOG_INTERVAL_MS = 5000;

/** The short form of a database failure for the log: what happened, never the statement or its values. */
function databaseFailure(error: unknown) {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : undefined, message: String(message).slice(0, 200) };
}

/**
 * Every error becomes `{ code, message, fields? }` in the request's language; never a stack, never a 500 for bad
 * input. A database that is away is a 503 with Retry-After (ADR 050); anything else unexpected is a logged 500.
 */
export function registerErrorHandling(app: FastifyInstance) {
  // during an outage every request fails alike: one warning per interval, with how many were not logged
  let quietUntil = 0;
  let unlogged = 0;
  app.setErrorHandler((caught: FastifyError, request, reply) => {
    let error = caught;
    if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
      if (Date.now() < quietUntil) unlogged += 1;
      else {
        request.log.warn(
          { database: databaseFailure(error), alsoAnswered503: unlogged },
          'database unavailable: answered 503',
        );
        unlogged = 0;
        quietUntil = Date.now() + OUTAGE_LOG_INTERVAL_MS;
      }
      error = serviceUnavailable() as unknown as FastifyError;
    }
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
      // a 503 is an outage already logged as a warning where it was recognised, not a bug
      if (error.statusCode >= 500 && error.statusCode !== 503)
        request.log.error({ err: error }, 'request failed');
      return send(request, reply, error.statusCode, error.code, error.messageKey, {
        namespace: error.options.namespace,
        params: error.options.params,
        fields: error.options.fields,
        body: error.options.extra,
      });
    }
    if (error.validation) {
      return send(request, reply, 400, ERROR_CODES.VALIDATION_FAILED, 'validation.failed', {
        fields: schemaFields(request, error),
      });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(request, reply, known.status, known.code, known.key);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const reason = reasonFor(status);
      return send(request, reply, status, reason.code, reason.key);
    }
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 500, ERROR_CODES.INTERNAL_ERROR, 'internal');
  });
}
