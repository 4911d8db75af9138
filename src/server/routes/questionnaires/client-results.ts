import type { FastifyInstance } from 'fastify';
import type { ClientService } from '../../questionnaires/client-service';
import { type IdParams, idParamsSchema } from './schemas';

/** GET /api/clients/:id/results: per questionnaire, each scale's scores over time and each response's flags. */
export function clientResultsRoute(app: FastifyInstance, clients: ClientService) {
  app.get<{ Params: IdParams }>('/:id/results', { schema: { params: idParamsSchema } }, async (request) =>
    clients.results(request.user!.id, request.params.id),
  );
}
