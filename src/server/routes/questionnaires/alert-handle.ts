import type { FastifyInstance } from 'fastify';
import {
  type AlertActionBody,
  alertActionBodySchema,
  type IdParams,
  idParamsSchema,
  noContentSchema,
} from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { Attention } from '../../questionnaires/attention';

/** POST /api/alerts/:id: the practitioner marks an alert seen or resolved, with an optional note; audited. */
export function alertHandleRoute(app: FastifyInstance, attention: Attention) {
  const schema = { params: idParamsSchema, body: alertActionBodySchema, response: { 204: noContentSchema } };
  app.post<{ Params: IdParams; Body: AlertActionBody }>('/:id', { schema }, async (request, reply) => {
    const { clientId } = await attention.handle(request.user!.id, request.params.id, request.body);
    await auditRequest(request, {
      action: request.body.state === 'resolved' ? 'resolve' : 'see',
      clientId,
      recordType: 'response-alert',
      recordId: request.params.id,
    });
    return reply.code(204).send();
  });
}
