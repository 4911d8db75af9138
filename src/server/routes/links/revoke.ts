import type { FastifyInstance } from 'fastify';
import { type IdParams, idParamsSchema, respondentLinkViewSchema } from '../../../shared';
import type { LinkService } from '../../links/link-service';

/** POST /api/links/:id/revoke: the link opens nothing from now on; answers saved so far stay. */
export function linkRevokeRoute(app: FastifyInstance, links: LinkService) {
  const schema = { params: idParamsSchema, response: { 200: respondentLinkViewSchema } };
  app.post<{ Params: IdParams }>('/:id/revoke', { schema }, async (request) =>
    links.revoke(request.user!.id, request.params.id),
  );
}
