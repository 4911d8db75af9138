import type { FastifyInstance } from 'fastify';
import type { ResponseService } from '../../questionnaires/response-service';
import type { Answers } from '../../questionnaires/response-store';
import { enforceWriteLimit } from './limits';
import { answersSchema, type IdParams, idParamsSchema, versionSchema } from './schemas';

/** PUT /api/responses/:id: saves a draft's answers; 409 CONFLICT on a stale version, RESPONSE_SUBMITTED once submitted. */
export function responseUpdateRoute(app: FastifyInstance, service: ResponseService) {
  app.put<{ Params: IdParams; Body: { answers: Answers; version?: number } }>(
    '/:id',
    {
      schema: {
        params: idParamsSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['answers'],
          properties: { answers: answersSchema, version: versionSchema },
        },
      },
    },
    async (request) => {
      await enforceWriteLimit(request);
      const saved = await service.saveDraft(request.user!.id, request.params.id, request.body, request.lang);
      return {
        id: saved.id,
        status: saved.status,
        version: saved.version,
        updatedAt: saved.updatedAt.toISOString(),
      };
    },
  );
}
