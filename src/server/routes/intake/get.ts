import type { FastifyInstance } from 'fastify';
import { auditRequest } from '../../audit/request-audit';
import type { IntakeService } from '../../intake/service';
import { assertIntakeId } from './replies';
import { type IdParams, idParamsSchema } from './schemas';

/** GET /api/client-intake/:id: every section (null when not filled), the form version of each, status, version. */
export function getRoute(app: FastifyInstance, service: IntakeService) {
  app.get<{ Params: IdParams }>('/:id', { schema: { params: idParamsSchema } }, async (request) => {
    const { id } = request.params;
    assertIntakeId(id);
    const view = service.view(await service.find(request.user!.id, id));
    await auditRequest(request, { action: 'read', clientId: id, recordType: 'intake', recordId: id });
    return view;
  });
}
