import type { FastifyInstance } from 'fastify';
import type { ResponseService } from '../../questionnaires/response-service';

interface Params {
  id: string;
  version: string;
}

interface Query {
  scoring?: string;
}

/**
 * GET /api/questionnaires/:id/versions/:version[?scoring=S]: one version's definition (schema, UI, scoring,
 * metadata), scored by scoring version S (a response's pin, ADR 109) or else the newest.
 */
export function definitionRoute(app: FastifyInstance, service: ResponseService) {
  app.get<{ Params: Params; Querystring: Query }>(
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
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { scoring: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } },
        },
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
