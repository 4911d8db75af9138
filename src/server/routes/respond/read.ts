import type { FastifyInstance } from 'fastify';
import type { LinkService } from '../../links/link-service';
import { codeOf, type TokenParams, tokenParamsSchema } from './schemas';

/** GET /api/respond/:token: the questionnaire, who asks, the label and the answers so far. */
export function respondReadRoute(app: FastifyInstance, links: LinkService) {
  app.get<{ Params: TokenParams }>('/:token', { schema: { params: tokenParamsSchema } }, async (request) =>
    links.read(request.params.token, codeOf(request), request.ip),
  );
}
