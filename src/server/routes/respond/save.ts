import type { FastifyInstance } from 'fastify';
import {
  type RespondSaveBody,
  respondSaveBodySchema,
  respondSaveViewSchema,
  type TokenParams,
  tokenParamsSchema,
} from '../../../shared';
import type { LinkService } from '../../links/link-service';
import { codeOf } from './schemas';

/** PUT /api/respond/:token: saves the answers so far (draft rules of the questionnaire). */
export function respondSaveRoute(app: FastifyInstance, links: LinkService) {
  app.put<{ Params: TokenParams; Body: RespondSaveBody }>(
    '/:token',
    {
      schema: {
        params: tokenParamsSchema,
        body: respondSaveBodySchema,
        response: { 200: respondSaveViewSchema },
      },
    },
    async (request) => links.save(request.params.token, codeOf(request), request.body, request.ip),
  );
}
