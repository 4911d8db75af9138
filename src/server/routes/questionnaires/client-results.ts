import type { FastifyInstance } from 'fastify';
import { type IdParams, idParamsSchema, questionnaireResultsListSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ClientService } from '../../questionnaires/client-service';

/** GET /api/clients/:id/results: per questionnaire, each scale's scores over time and each response's flags. */
export function clientResultsRoute(app: FastifyInstance, clients: ClientService) {
  const schema = { params: idParamsSchema, response: { 200: questionnaireResultsListSchema } };
  app.get<{ Params: IdParams }>('/:id/results', { schema }, async (request) => {
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
