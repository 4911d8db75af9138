import type { FastifyInstance } from 'fastify';
import { respondLinkViewSchema, type TokenParams, tokenParamsSchema } from '../../../shared';
import type { LinkService } from '../../links/link-service';
import { codeOf } from './schemas';

/** GET /api/respond/:token: the questionnaire, who asks, the label and the answers so far. */
export function respondReadRoute(app: FastifyInstance, links: LinkService) {
  const schema = { params: tokenParamsSchema, response: { 200: respondLinkViewSchema } };
  app.get<{ Params: TokenParams }>('/:token', { schema }, async (request) =>
    links.read(request.params.token, codeOf(request), request.ip),
  );
}
