import type { FastifyInstance } from 'fastify';
import { clientAlertListSchema, type IdParams, idParamsSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { Attention } from '../../questionnaires/attention';

/** GET /api/clients/:id/alerts: every alert of a client, newest first, with what was done and the note. */
export function clientAlertsRoute(app: FastifyInstance, attention: Attention) {
  const schema = { params: idParamsSchema, response: { 200: clientAlertListSchema } };
  app.get<{ Params: IdParams }>('/:id/alerts', { schema }, async (request) => {
    const { id } = request.params;
    const alerts = await attention.ofClient(request.user!.id, id);
    await auditRequest(request, {
      action: 'list',
      clientId: id,
      recordType: 'response-alert',
      recordId: null,
    });
    return alerts;
  });
}
