import type { FastifyInstance } from 'fastify';
import { type IdParams, idParamsSchema, responseViewSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import { type ResponseService, responseView } from '../../questionnaires/response-service';

/**
 * GET /api/responses/:id: a response with its pins, answers and (once submitted) the server's result. Opening it
 * leaves its alerts open: the practitioner marks each seen or resolved (ADR 166).
 */
export function responseGetRoute(app: FastifyInstance, service: ResponseService) {
  const schema = { params: idParamsSchema, response: { 200: responseViewSchema } };
  app.get<{ Params: IdParams }>('/:id', { schema }, async (request) => {
    const found = await service.find(request.user!.id, request.params.id);
    await auditRequest(request, {
      action: 'read',
      clientId: found.intakeId,
      recordType: 'questionnaire-response',
      recordId: found.id,
    });
    return responseView(found);
  });
}
