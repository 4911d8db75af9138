import type { FastifyInstance } from 'fastify';
import {
  type CreateLinkInput,
  createLinkBodySchema,
  type IdParams,
  idParamsSchema,
  issuedLinkViewSchema,
} from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { LinkService } from '../../links/link-service';
import { enforceWriteLimit } from '../questionnaires/limits';

/**
 * POST /api/clients/:id/links: gives a questionnaire to the client as a draft and makes a respondent link to it.
 * 201 with the link, its address and (when asked for) the 6-digit code: both shown once, never stored in the clear.
 * Outside the questionnaire's age range: 409 AGE_OUTSIDE_RANGE unless `ageOverride`, which the audit trail records.
 */
export function linkCreateRoute(app: FastifyInstance, links: LinkService) {
  app.post<{ Params: IdParams; Body: CreateLinkInput }>(
    '/:id/links',
    {
      // making or mailing a link gives a questionnaire or sends a mail: it counts as a questionnaire write
      preHandler: enforceWriteLimit,
      schema: {
        params: idParamsSchema,
        body: createLinkBodySchema,
        response: { 201: issuedLinkViewSchema },
      },
    },
    async (request, reply) => {
      const { issued, ageOverridden } = await links.create(request.user!.id, request.params.id, request.body);
      // making a link gives the questionnaire: a new response of the client, like POST .../responses
      const event = {
        clientId: request.params.id,
        recordType: 'questionnaire-response',
        recordId: issued.link.responseId,
      };
      await auditRequest(request, { action: 'create', ...event });
      if (ageOverridden) await auditRequest(request, { action: 'override-age', ...event });
      return reply.code(201).send(issued);
    },
  );
}
