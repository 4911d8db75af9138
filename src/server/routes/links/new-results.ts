import type { FastifyInstance } from 'fastify';
import { newResultsViewSchema } from '../../../shared';
import type { LinkService } from '../../links/link-service';

/** GET /api/links/new-results: how many link responses came in that the practitioner has not opened yet. */
export function newResultsRoute(app: FastifyInstance, links: LinkService) {
  app.get('/new-results', { schema: { response: { 200: newResultsViewSchema } } }, async (request) =>
    links.newResults(request.user!.id),
  );
}
