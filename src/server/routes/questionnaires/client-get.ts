import type { FastifyInstance } from 'fastify';
import { clientViewSchema, type IdParams, idParamsSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ClientService } from '../../questionnaires/client-service';

/** GET /api/clients/:id: intake status and sections, the questionnaires given, their results. */
export function clientGetRoute(app: FastifyInstance, clients: ClientService) {
  const schema = { params: idParamsSchema, response: { 200: clientViewSchema } };
  app.get<{ Params: IdParams }>('/:id', { schema }, async (request) => {
    const { id } = request.params;
    const view = await clients.view(request.user!.id, id);
    await auditRequest(request, { action: 'read', clientId: id, recordType: 'client', recordId: id });
    return view;
  });
}
