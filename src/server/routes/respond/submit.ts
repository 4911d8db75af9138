import type { FastifyInstance } from 'fastify';
import {
  type RespondSubmitBody,
  respondSubmitBodySchema,
  respondSubmitViewSchema,
  type TokenParams,
  tokenParamsSchema,
} from '../../../shared';
import type { LinkService } from '../../links/link-service';
import { codeOf } from './schemas';

/** POST /api/respond/:token/submit: submits once; the server scores it and the link is used. */
export function respondSubmitRoute(app: FastifyInstance, links: LinkService) {
  app.post<{ Params: TokenParams; Body: RespondSubmitBody | undefined }>(
    '/:token/submit',
    {
      schema: {
        params: tokenParamsSchema,
        body: respondSubmitBodySchema,
        response: { 200: respondSubmitViewSchema },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      return links.submit(request.params.token, codeOf(request), body, request.ip);
    },
  );
}
