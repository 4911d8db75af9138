import type { FastifyInstance } from 'fastify';
import {
  type DefinitionParams,
  type DefinitionQuery,
  definitionParamsSchema,
  definitionQuerySchema,
  questionnaireDefinitionSchema,
} from '../../../shared';
import type { ResponseService } from '../../questionnaires/response-service';

/**
 * GET /api/questionnaires/:id/versions/:version[?scoring=S]: one version's definition (schema, UI, scoring,
 * metadata), scored by scoring version S (a response's pin, ADR 109) or else the newest.
 */
export function definitionRoute(app: FastifyInstance, service: ResponseService) {
  app.get<{ Params: DefinitionParams; Querystring: DefinitionQuery }>(
    '/:id/versions/:version',
    {
      schema: {
        params: definitionParamsSchema,
        querystring: definitionQuerySchema,
        response: { 200: questionnaireDefinitionSchema },
      },
    },
    async (request) => {
      const { scoring } = request.query;
      return service.definition(
        request.params.id,
        Number(request.params.version),
        scoring === undefined ? undefined : Number(scoring),
      );
    },
  );
}
