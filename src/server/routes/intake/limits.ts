import type { FastifyRequest } from 'fastify';
import type { Check } from '../../security/limiter';

/** The signed-in practitioner's save counter; undefined with RATE_LIMITS=off, so nothing is counted. */
export function saveLimitOf(request: FastifyRequest): Check | undefined {
  const { limiter, limits } = request.server;
  if (!limiter.enabled) return undefined;
  return { key: `intake-save:${request.user!.id}`, limit: limits.intakeSavesPerPractitioner };
}

/** Counts one save of the signed-in practitioner; 429 RATE_LIMITED past the limit. */
export async function enforceSaveLimit(request: FastifyRequest): Promise<void> {
  const check = saveLimitOf(request);
  if (check) await request.server.limiter.enforceAll([check]);
}
