import type { FastifyInstance } from 'fastify';
import {
  type GiveBody,
  giveBodySchema,
  type IdParams,
  idParamsSchema,
  responseViewSchema,
} from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ClientService } from '../../questionnaires/client-service';
import { responseView } from '../../questionnaires/response-service';
import { enforceWriteLimit } from './limits';

/**
 * POST /api/clients/:id/responses: gives a questionnaire to a client; a new draft pinned to the questionnaire and
 * scoring versions of now (or of the response it corrects, named by `replaces`, starting from its answers). Outside
 * the questionnaire's age range: 409 AGE_OUTSIDE_RANGE unless `ageOverride`, which the audit trail records.
 * `respondent` names who answers (one the questionnaire lists; may be left out when it lists one).
 * 201 with the response.
 */
export function responseCreateRoute(app: FastifyInstance, service: ClientService) {
  app.post<{ Params: IdParams; Body: GiveBody }>(
    '/:id/responses',
    {
      schema: {
        params: idParamsSchema,
        body: giveBodySchema,
        response: { 201: responseViewSchema },
      },
    },
    async (request, reply) => {
      await enforceWriteLimit(request);
      const { questionnaireId, language, replaces, respondent, ageOverride } = request.body;
      const { created, ageOverridden } = await service.give(request.user!.id, request.params.id, {
        questionnaireId,
        language: language ?? request.lang,
        replaces,
        respondent,
        ageOverride,
      });
      const event = {
        clientId: created.intakeId,
        recordType: 'questionnaire-response',
        recordId: created.id,
      };
      await auditRequest(request, { action: 'create', ...event });
      if (ageOverridden) await auditRequest(request, { action: 'override-age', ...event });
      return reply.code(201).send(responseView(created));
    },
  );
}
