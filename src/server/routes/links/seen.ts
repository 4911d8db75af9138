import type { FastifyInstance } from 'fastify';
import type { LinkService } from '../../links/link-service';
import { type IdParams, idParamsSchema } from './schemas';

/** POST /api/clients/:id/links/seen: the practitioner looked at the client's new results; 204. */
export function linkSeenRoute(app: FastifyInstance, links: LinkService) {
  app.post<{ Params: IdParams }>(
    '/:id/links/seen',
    { schema: { params: idParamsSchema } },
    async (request, reply) => {
      await links.markSeen(request.user!.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
