import type { FastifyInstance } from 'fastify';
import { intakeListItemViewSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { IntakeService } from '../../intake/service';

/** GET /api/client-intake: `[{ id, clientName, status, updatedAt, sections: { demographics: true, ... } }]`. */
export function listRoute(app: FastifyInstance, service: IntakeService) {
  const schema = { response: { 200: { type: 'array', items: intakeListItemViewSchema } } };
  app.get('/', { schema }, async (request) => {
    const items = await service.list(request.user!.id);
    // the list shows clients' names: one entry for the whole list, not one per client
    await auditRequest(request, { action: 'list', clientId: null, recordType: 'intake', recordId: null });
    return items;
  });
}
