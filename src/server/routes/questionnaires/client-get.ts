import type { FastifyInstance } from 'fastify';
import { auditRequest } from '../../audit/request-audit';
import type { ClientService } from '../../questionnaires/client-service';
import { type IdParams, idParamsSchema } from './schemas';

/** GET /api/clients/:id: intake status and sections, the questionnaires given, their results. */
export function clientGetRoute(app: FastifyInstance, clients: ClientService) {
  app.get<{ Params: IdParams }>('/:id', { schema: { params: idParamsSchema } }, async (request) => {
    const { id } = request.params;
    const view = await clients.view(request.user!.id, id);
    await auditRequest(request, { action: 'read', clientId: id, recordType: 'client', recordId: id });
    return view;
  });
}
