import type { FastifyInstance } from 'fastify';
import { auditRequest } from '../../audit/request-audit';
import type { ClientService } from '../../questionnaires/client-service';
import { type IdParams, idParamsSchema } from './schemas';

/** GET /api/clients/:id/results: per questionnaire, each scale's scores over time and each response's flags. */
export function clientResultsRoute(app: FastifyInstance, clients: ClientService) {
  app.get<{ Params: IdParams }>('/:id/results', { schema: { params: idParamsSchema } }, async (request) => {
    const { id } = request.params;
    const results = await clients.results(request.user!.id, id);
    await auditRequest(request, {
      action: 'read',
      clientId: id,
      recordType: 'questionnaire-results',
      recordId: id,
    });
    return results;
  });
}
