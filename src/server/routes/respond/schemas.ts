import type { FastifyRequest } from 'fastify';

export interface TokenParams {
  token: string;
}

export const tokenParamsSchema = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 64 } },
} as const;

/** The 6-digit code travels in a header, never in the URL, so it cannot reach a log line. */
export const codeOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers['x-link-code'];
  return typeof value === 'string' ? value.trim().slice(0, 12) : undefined;
};
