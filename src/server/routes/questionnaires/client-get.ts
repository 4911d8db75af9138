import type { FastifyInstance } from 'fastify';
import type { ClientService } from '../../questionnaires/client-service';
import { type IdParams, idParamsSchema } from './schemas';

/** GET /api/clients/:id: intake status and sections, the questionnaires given, their results. */
export function clientGetRoute(app: FastifyInstance, clients: ClientService) {
  app.get<{ Params: IdParams }>('/:id', { schema: { params: idParamsSchema } }, async (request) =>
    clients.view(request.user!.id, request.params.id),
  );
}
