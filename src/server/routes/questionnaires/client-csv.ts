import type { FastifyInstance } from 'fastify';
import { fileSchema, type IdParams, idParamsSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ClientService } from '../../questionnaires/client-service';
import { limitPerAccount } from '../../security/limiter';

/** GET /api/clients/:id/scores.csv: the client's scores of record as CSV, in the request's language. */
export function clientCsvRoute(app: FastifyInstance, clients: ClientService) {
  app.get<{ Params: IdParams }>(
    '/:id/scores.csv',
    {
      preHandler: limitPerAccount('clientExportsPerPractitioner'),
      schema: {
        params: idParamsSchema,
        response: { 200: fileSchema("The client's scores of record", 'text/csv') },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { name, text } = await clients.csv(request.user!.id, id, request.lang);
      await auditRequest(request, {
        action: 'export',
        clientId: id,
        recordType: 'questionnaire-results',
        recordId: id,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(text);
    },
  );
}
