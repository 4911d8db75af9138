import type { FastifyRequest } from 'fastify';

const SECRET_QUERY = /([?&](?:token|code|password|email)=)[^&#]*/gi;

/** Removes secret values (token, code, ...) from a URL's query before it reaches the log. */
export function scrubUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * Fastify's logger options: request lines carry method, scrubbed URL and address only, never headers
 * (Authorization, cookies) or bodies (passwords, national IDs); redact catches anything logged by hand.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        // @fastify/multipart logs busboy's options, request headers included, at trace level.
        '*.headers.authorization',
        '*.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.oldPassword',
        '*.confirmPassword',
        '*.nationalId',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: scrubUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
