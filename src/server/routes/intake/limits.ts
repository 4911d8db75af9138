import type { FastifyRequest } from 'fastify';
import type { Limit } from '../../security/limiter';

/** Auto-save sends at most one save per 2 s per open tab (30 a minute): room for four tabs and manual saves. */
export const INTAKE_SAVE_LIMIT: Limit = { max: 150, windowSeconds: 60 };

/** Counts one save of the signed-in practitioner; 429 RATE_LIMITED past the limit. */
export async function enforceSaveLimit(request: FastifyRequest): Promise<void> {
  await request.server.limiter.enforce(`intake-save:${request.user!.id}`, INTAKE_SAVE_LIMIT);
}
