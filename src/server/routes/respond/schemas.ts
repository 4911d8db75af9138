import type { FastifyRequest } from 'fastify';

/** The 6-digit code travels in a header, never in the URL, so it cannot reach a log line. */
export const codeOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers['x-link-code'];
  return typeof value === 'string' ? value.trim().slice(0, 12) : undefined;
};
