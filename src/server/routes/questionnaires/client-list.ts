import type { FastifyInstance } from 'fastify';
import type { ClientService } from '../../questionnaires/client-service';

/** GET /api/clients?q=: the practitioner's clients (one per intake record), latest activity first. */
export function clientListRoute(app: FastifyInstance, clients: ClientService) {
  app.get<{ Querystring: { q?: string } }>(
    '/',
    {
      schema: {
        querystring: { type: 'object', properties: { q: { type: 'string', maxLength: 100 } } },
      },
    },
    async (request) => clients.list(request.user!.id, request.query.q),
  );
}
