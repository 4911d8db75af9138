import type { FastifyInstance } from 'fastify';
import { type IdParams, idParamsSchema, noContentSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import { assertUuid } from '../../errors';
import type { IntakeService } from '../../intake/service';

/** POST /api/client-intake/:id/print: the summary page says it is printing the record; audited as 'print'; 204. */
export function printRoute(app: FastifyInstance, service: IntakeService) {
  app.post<{ Params: IdParams }>(
    '/:id/print',
    { schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      assertUuid(id);
      await service.find(request.user!.id, id);
      await auditRequest(request, { action: 'print', clientId: id, recordType: 'intake', recordId: id });
      return reply.code(204).send();
    },
  );
}
