import type { FastifyInstance } from 'fastify';
import { type ResponseService, responseView } from '../../questionnaires/response-service';
import type { Answers } from '../../questionnaires/response-store';
import { enforceWriteLimit } from './limits';
import { answersSchema, type IdParams, idParamsSchema, versionSchema } from './schemas';

/**
 * POST /api/responses/:id/submit: checks the answers in full mode and stores the server's scores. Other body
 * properties (a score the client computed for its preview) are accepted and never read (ADR 087).
 */
export function responseSubmitRoute(app: FastifyInstance, service: ResponseService) {
  app.post<{ Params: IdParams; Body: { answers?: Answers; version?: number } | undefined }>(
    '/:id/submit',
    {
      schema: {
        params: idParamsSchema,
        body: {
          type: ['object', 'null'],
          properties: { answers: answersSchema, version: versionSchema },
        },
      },
    },
    async (request) => {
      await enforceWriteLimit(request);
      const body = request.body ?? {};
      const submitted = await service.submit(
        request.user!.id,
        request.params.id,
        { answers: body.answers, version: body.version },
        request.lang,
      );
      return responseView(submitted);
    },
  );
}
