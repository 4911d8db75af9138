import type { FastifyRequest } from 'fastify';

/** Counts one questionnaire write (give, save, submit) of the signed-in practitioner; 429 RATE_LIMITED past it. */
export async function enforceWriteLimit(request: FastifyRequest): Promise<void> {
  const { limiter, limits } = request.server;
  if (!limiter.enabled) return;
  await limiter.enforceAll([
    { key: `questionnaire-write:${request.user!.id}`, limit: limits.questionnaireWritesPerPractitioner },
  ]);
}
