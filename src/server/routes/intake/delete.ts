import type { FastifyInstance } from 'fastify';
import type { IntakeService } from '../../intake/service';
import { assertIntakeId } from './replies';
import { type IdParams, idParamsSchema } from './schemas';

/** DELETE /api/client-intake/:id: removes the record, leaving an audit entry; 204. */
export function deleteRoute(app: FastifyInstance, service: IntakeService) {
  app.delete<{ Params: IdParams }>('/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    assertIntakeId(request.params.id);
    await service.remove(request.user!.id, request.params.id);
    return reply.code(204).send();
  });
}
