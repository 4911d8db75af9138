import type { FastifyInstance } from 'fastify';
import type { LinkService } from '../../links/link-service';
import { type IdParams, idParamsSchema } from './schemas';

/** POST /api/links/:id/revoke: the link opens nothing from now on; answers saved so far stay. */
export function linkRevokeRoute(app: FastifyInstance, links: LinkService) {
  app.post<{ Params: IdParams }>('/:id/revoke', { schema: { params: idParamsSchema } }, async (request) =>
    links.revoke(request.user!.id, request.params.id),
  );
}
