import type { FastifyInstance } from 'fastify';
import {
  type IdParams,
  idParamsSchema,
  type LanguageBody,
  languageBodySchema,
  responseViewSchema,
} from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import { type ResponseService, responseView } from '../../questionnaires/response-service';
import { enforceWriteLimit } from './limits';

/**
 * PUT /api/responses/:id/language: the language a draft is filled in (ADR 111); the answers stay as they are. 400 for
 * a language the questionnaire has no texts in, 409 RESPONSE_SUBMITTED once submitted. Answers with the response.
 */
export function responseLanguageRoute(app: FastifyInstance, service: ResponseService) {
  app.put<{ Params: IdParams; Body: LanguageBody }>(
    '/:id/language',
    {
      schema: {
        params: idParamsSchema,
        body: languageBodySchema,
        response: { 200: responseViewSchema },
      },
    },
    async (request) => {
      await enforceWriteLimit(request);
      const changed = await service.changeLanguage(
        request.user!.id,
        request.params.id,
        request.body.language,
      );
      await auditRequest(request, {
        action: 'change',
        clientId: changed.intakeId,
        recordType: 'questionnaire-response',
        recordId: changed.id,
      });
      return responseView(changed);
    },
  );
}
