import type { FastifyInstance } from 'fastify';
import {
  type IdParams,
  idParamsSchema,
  type ResponseSaveBody,
  responseSaveBodySchema,
  responseSaveViewSchema,
} from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ResponseService } from '../../questionnaires/response-service';
import { enforceWriteLimit } from './limits';

/** PUT /api/responses/:id: saves a draft's answers; 409 CONFLICT on a stale version, RESPONSE_SUBMITTED once submitted. */
export function responseUpdateRoute(app: FastifyInstance, service: ResponseService) {
  app.put<{ Params: IdParams; Body: ResponseSaveBody }>(
    '/:id',
    {
      schema: {
        params: idParamsSchema,
        body: responseSaveBodySchema,
        response: { 200: responseSaveViewSchema },
      },
    },
    async (request) => {
      await enforceWriteLimit(request);
      const saved = await service.saveDraft(request.user!.id, request.params.id, request.body);
      await auditRequest(request, {
        action: 'change',
        clientId: saved.intakeId,
        recordType: 'questionnaire-response',
        recordId: saved.id,
      });
      return {
        id: saved.id,
        status: saved.status,
        version: saved.version,
        updatedAt: saved.updatedAt.toISOString(),
      };
    },
  );
}
