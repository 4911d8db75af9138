import type { FastifyInstance } from 'fastify';
import type { IntakeService } from '../../intake/service';

/** GET /api/client-intake: `[{ id, clientName, status, updatedAt, sections: { demographics: true, ... } }]`. */
export function listRoute(app: FastifyInstance, service: IntakeService) {
  app.get('/', async (request) => service.list(request.user!.id));
}
