import type { FastifyInstance } from 'fastify';
import type { Lang } from '../../../forms/types';
import type { LinkService } from '../../links/link-service';
import { languageSchema } from '../questionnaires/schemas';
import { codeOf, type TokenParams, tokenParamsSchema } from './schemas';

/** PUT /api/respond/:token/language: the respondent fills in another language, kept for the next visit (ADR 111). */
export function respondLanguageRoute(app: FastifyInstance, links: LinkService) {
  app.put<{ Params: TokenParams; Body: { language: Lang } }>(
    '/:token/language',
    {
      schema: {
        params: tokenParamsSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['language'],
          properties: { language: languageSchema },
        },
      },
    },
    async (request) =>
      links.changeLanguage(request.params.token, codeOf(request), request.body.language, request.ip),
  );
}
