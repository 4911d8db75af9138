import type { FastifyInstance } from 'fastify';
import type { LinkService } from '../../links/link-service';
import type { Answers } from '../../questionnaires/response-store';
import { answersSchema, versionSchema } from '../questionnaires/schemas';
import { codeOf, type TokenParams, tokenParamsSchema } from './schemas';

/** PUT /api/respond/:token: saves the answers so far (draft rules of the questionnaire). */
export function respondSaveRoute(app: FastifyInstance, links: LinkService) {
  app.put<{ Params: TokenParams; Body: { answers: Answers; version?: number } }>(
    '/:token',
    {
      schema: {
        params: tokenParamsSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['answers'],
          properties: { answers: answersSchema, version: versionSchema },
        },
      },
    },
    async (request) => links.save(request.params.token, codeOf(request), request.body, request.ip),
  );
}
