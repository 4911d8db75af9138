import type { FastifyInstance } from 'fastify';
import type { ClientService } from '../../questionnaires/client-service';
import { type IdParams, idParamsSchema } from './schemas';

/** GET /api/clients/:id/scores.csv: the client's scores of record as CSV, in the request's language. */
export function clientCsvRoute(app: FastifyInstance, clients: ClientService) {
  app.get<{ Params: IdParams }>(
    '/:id/scores.csv',
    { schema: { params: idParamsSchema } },
    async (request, reply) => {
      const { name, text } = await clients.csv(request.user!.id, request.params.id, request.lang);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(text);
    },
  );
}
