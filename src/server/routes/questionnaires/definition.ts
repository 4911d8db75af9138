import type { FastifyInstance } from 'fastify';
import type { ResponseService } from '../../questionnaires/response-service';

interface Params {
  id: string;
  version: string;
}

/** GET /api/questionnaires/:id/versions/:version: one version's definition (schema, UI, scoring, metadata). */
export function definitionRoute(app: FastifyInstance, service: ResponseService) {
  app.get<{ Params: Params }>(
    '/:id/versions/:version',
    {
      schema: {
        params: {
          type: 'object',
          required: ['id', 'version'],
          properties: {
            id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' },
            version: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' },
          },
        },
      },
    },
    async (request) => service.definition(request.params.id, Number(request.params.version)),
  );
}
