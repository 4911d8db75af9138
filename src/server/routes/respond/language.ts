import type { FastifyInstance } from 'fastify';
import {
  type LanguageBody,
  languageBodySchema,
  respondLanguageViewSchema,
  type TokenParams,
  tokenParamsSchema,
} from '../../../shared';
import type { LinkService } from '../../links/link-service';
import { codeOf } from './schemas';

/** PUT /api/respond/:token/language: the respondent fills in another language, kept for the next visit (ADR 111). */
export function respondLanguageRoute(app: FastifyInstance, links: LinkService) {
  app.put<{ Params: TokenParams; Body: LanguageBody }>(
    '/:token/language',
    {
      schema: {
        params: tokenParamsSchema,
        body: languageBodySchema,
        response: { 200: respondLanguageViewSchema },
      },
    },
    async (request) =>
      links.changeLanguage(request.params.token, codeOf(request), request.body.language, request.ip),
  );
}
