import type { FastifyInstance } from 'fastify';
import { type IdParams, idParamsSchema, noContentSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import { assertUuid } from '../../errors';
import type { IntakeService } from '../../intake/service';

/** DELETE /api/client-intake/:id: hides the record at once (purged after the grace period), audited; 204. */
export function deleteRoute(app: FastifyInstance, service: IntakeService) {
  const schema = { params: idParamsSchema, response: { 204: noContentSchema } };
  app.delete<{ Params: IdParams }>('/:id', { schema }, async (request, reply) => {
    const { id } = request.params;
    assertUuid(id);
    await service.remove(request.user!.id, id);
    await auditRequest(request, { action: 'delete', clientId: id, recordType: 'intake', recordId: id });
    return reply.code(204).send();
  });
}
