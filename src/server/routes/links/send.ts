import type { FastifyInstance } from 'fastify';
import {
  type IdParams,
  idParamsSchema,
  issuedLinkViewSchema,
  type SendLinkBody,
  sendLinkBodySchema,
} from '../../../shared';
import type { LinkService } from '../../links/link-service';
import { enforceWriteLimit } from '../questionnaires/limits';

/**
 * POST /api/links/:id/send: mails the link (or a reminder) to `email`, else to the address it was mailed to.
 * A fresh token goes out each time (only hashes are kept): the answer carries the new address.
 */
export function linkSendRoute(app: FastifyInstance, links: LinkService) {
  app.post<{ Params: IdParams; Body: SendLinkBody | undefined }>(
    '/:id/send',
    {
      // making or mailing a link gives a questionnaire or sends a mail: it counts as a questionnaire write
      preHandler: enforceWriteLimit,
      schema: {
        params: idParamsSchema,
        body: sendLinkBodySchema,
        response: { 200: issuedLinkViewSchema },
      },
    },
    async (request) => links.send(request.user!.id, request.params.id, request.body?.email),
  );
}
