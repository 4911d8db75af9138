import type { FastifyInstance } from 'fastify';
import type { LinkService } from '../../links/link-service';
import { type IdParams, idParamsSchema } from './schemas';

/** GET /api/clients/:id/links: the client's respondent links with their states, oldest first. */
export function linkListRoute(app: FastifyInstance, links: LinkService) {
  app.get<{ Params: IdParams }>('/:id/links', { schema: { params: idParamsSchema } }, async (request) =>
    links.list(request.user!.id, request.params.id),
  );
}
