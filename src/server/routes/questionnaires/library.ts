import type { FastifyInstance } from 'fastify';
import { librarySchema } from '../../../shared';
import type { ResponseService } from '../../questionnaires/response-service';

/** GET /api/questionnaires: the library, the latest version of each questionnaire, sorted by id. */
export function libraryRoute(app: FastifyInstance, service: ResponseService) {
  app.get('/', { schema: { response: { 200: librarySchema } } }, async () => service.library());
}
