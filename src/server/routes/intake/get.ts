import type { FastifyInstance } from 'fastify';
import { type IdParams, idParamsSchema, intakeRecordViewSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import { assertUuid } from '../../errors';
import type { IntakeService } from '../../intake/service';

/** GET /api/client-intake/:id: every section (null when not filled), the form version of each, status, version. */
export function getRoute(app: FastifyInstance, service: IntakeService) {
  const schema = { params: idParamsSchema, response: { 200: intakeRecordViewSchema } };
  app.get<{ Params: IdParams }>('/:id', { schema }, async (request) => {
    const { id } = request.params;
    assertUuid(id);
    const view = service.view(await service.find(request.user!.id, id));
    await auditRequest(request, { action: 'read', clientId: id, recordType: 'intake', recordId: id });
    return view;
  });
}
