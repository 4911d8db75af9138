import type { FastifyInstance } from 'fastify';
import { type IdParams, idParamsSchema, noContentSchema } from '../../../shared';
import type { LinkService } from '../../links/link-service';

/** POST /api/clients/:id/links/seen: the practitioner looked at the client's new results; 204. */
export function linkSeenRoute(app: FastifyInstance, links: LinkService) {
  app.post<{ Params: IdParams }>(
    '/:id/links/seen',
    { schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await links.markSeen(request.user!.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
