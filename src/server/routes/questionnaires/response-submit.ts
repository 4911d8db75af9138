import type { FastifyInstance } from 'fastify';
import {
  type IdParams,
  idParamsSchema,
  type ResponseSubmitBody,
  responseSubmitBodySchema,
  responseViewSchema,
} from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import { type ResponseService, responseView } from '../../questionnaires/response-service';
import { enforceWriteLimit } from './limits';

/**
 * POST /api/responses/:id/submit: checks the answers in full mode and stores the server's scores. Other body
 * properties (a score the client computed for its preview) are accepted and never read (ADR 087).
 */
export function responseSubmitRoute(app: FastifyInstance, service: ResponseService) {
  app.post<{ Params: IdParams; Body: ResponseSubmitBody | undefined }>(
    '/:id/submit',
    {
      schema: {
        params: idParamsSchema,
        body: responseSubmitBodySchema,
        response: { 200: responseViewSchema },
      },
    },
    async (request) => {
      await enforceWriteLimit(request);
      const body = request.body ?? {};
      const submitted = await service.submit(request.user!.id, request.params.id, {
        answers: body.answers,
        version: body.version,
      });
      await auditRequest(request, {
        action: 'submit',
        clientId: submitted.intakeId,
        recordType: 'questionnaire-response',
        recordId: submitted.id,
      });
      return responseView(submitted);
    },
  );
}
