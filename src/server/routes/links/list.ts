import type { FastifyInstance } from 'fastify';
import { type IdParams, idParamsSchema, respondentLinkListSchema } from '../../../shared';
import type { LinkService } from '../../links/link-service';

/** GET /api/clients/:id/links: the client's respondent links with their states, oldest first. */
export function linkListRoute(app: FastifyInstance, links: LinkService) {
  const schema = { params: idParamsSchema, response: { 200: respondentLinkListSchema } };
  app.get<{ Params: IdParams }>('/:id/links', { schema }, async (request) =>
    links.list(request.user!.id, request.params.id),
  );
}
