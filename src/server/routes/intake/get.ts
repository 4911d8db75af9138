import type { FastifyInstance } from 'fastify';
import type { IntakeService } from '../../intake/service';
import { assertIntakeId } from './replies';
import { type IdParams, idParamsSchema } from './schemas';

/** GET /api/client-intake/:id: every section (null when not filled), the form version of each, status, version. */
export function getRoute(app: FastifyInstance, service: IntakeService) {
  app.get<{ Params: IdParams }>('/:id', { schema: { params: idParamsSchema } }, async (request) => {
    assertIntakeId(request.params.id);
    return service.view(await service.find(request.user!.id, request.params.id));
  });
}
