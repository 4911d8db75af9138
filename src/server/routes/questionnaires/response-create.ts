import type { FastifyInstance } from 'fastify';
import type { Lang } from '../../../forms/types';
import { type ResponseService, responseView } from '../../questionnaires/response-service';
import { enforceWriteLimit } from './limits';
import { type IdParams, idParamsSchema } from './schemas';

interface Body {
  questionnaireId: string;
  language?: Lang;
  replaces?: string;
}

/**
 * POST /api/clients/:id/responses: gives a questionnaire to a client; a new draft pinned to the questionnaire and
 * scoring versions of now (or of the response it corrects, named by `replaces`). 201 with the response.
 */
export function responseCreateRoute(app: FastifyInstance, service: ResponseService) {
  app.post<{ Params: IdParams; Body: Body }>(
    '/:id/responses',
    {
      schema: {
        params: idParamsSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['questionnaireId'],
          properties: {
            questionnaireId: { type: 'string', minLength: 1, maxLength: 64 },
            language: { type: 'string', enum: ['en', 'tr'] },
            replaces: { type: 'string', maxLength: 64 },
          },
        },
      },
    },
    async (request, reply) => {
      await enforceWriteLimit(request);
      const { questionnaireId, language, replaces } = request.body;
      const created = await service.give(request.user!.id, request.params.id, {
        questionnaireId,
        language: language ?? request.lang,
        replaces,
      });
      return reply.code(201).send(responseView(created));
    },
  );
}
