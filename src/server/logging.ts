import type { FastifyRequest } from 'fastify';

/** Query values the log keeps, when they look as the product sends them: the intake list's filters. */
const KEPT_VALUES = new Map([
  ['status', /^[a-z_]{1,20}$/],
  ['limit', /^\d{1,4}$/],
]);
/** Query names the product sends whose values are secret or personal (tokens, codes, e-mail addresses). */
const KNOWN_NAMES = new Set([...KEPT_VALUES.keys(), 'token', 'code', 'password', 'email', 'lang', 'to']);

const RESPONDENT_TOKEN_PATH = /^(\/api\/respond|\/r)\/[^/?#]+/;

/**
 * Removes query values from a URL before it reaches the log: every value but the list filters, and whole
 * unknown parameters, so a token, an e-mail or a national ID a client puts in a URL never reaches a log line.
 */
export function scrubUrl(full: string): string {
  // a respondent link's token is a path segment: /r/<token> and /api/respond/<token>[/submit]
  const url = full.replace(RESPONDENT_TOKEN_PATH, '$1/[redacted]');
  const start = url.indexOf('?');
  if (start < 0) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      if (!KNOWN_NAMES.has(name.toLowerCase())) return '[redacted]';
      const value = pair.slice(name.length + 1);
      return !pair.includes('=') || KEPT_VALUES.get(name)?.test(value) ? pair : `${name}=[redacted]`;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
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
