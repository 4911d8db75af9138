import type { FastifyInstance } from 'fastify';
import type { LinkService } from '../../links/link-service';
import type { Answers } from '../../questionnaires/response-store';
import { answersSchema, versionSchema } from '../questionnaires/schemas';
import { codeOf, type TokenParams, tokenParamsSchema } from './schemas';

/** POST /api/respond/:token/submit: submits once; the server scores it and the link is used. */
export function respondSubmitRoute(app: FastifyInstance, links: LinkService) {
  app.post<{ Params: TokenParams; Body: { answers?: Answers; version?: number } | undefined }>(
    '/:token/submit',
    {
      schema: {
        params: tokenParamsSchema,
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { answers: answersSchema, version: versionSchema },
        },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      return links.submit(request.params.token, codeOf(request), body, request.ip);
    },
  );
}
