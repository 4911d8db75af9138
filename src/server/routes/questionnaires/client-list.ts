import type { FastifyInstance } from 'fastify';
import { type ClientListQuery, clientListQuerySchema, clientListViewSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ClientService } from '../../questionnaires/client-service';

/** GET /api/clients?q=: the practitioner's clients (one per intake record), latest activity first. */
export function clientListRoute(app: FastifyInstance, clients: ClientService) {
  app.get<{ Querystring: ClientListQuery }>(
    '/',
    {
      schema: { querystring: clientListQuerySchema, response: { 200: clientListViewSchema } },
    },
    async (request) => {
      const [items, schedules] = await Promise.all([
        clients.list(request.user!.id, request.query.q),
        request.server.services.schedules.counts(request.user!.id),
      ]);
      await auditRequest(request, { action: 'list', clientId: null, recordType: 'client', recordId: null });
      // `schedules` only on a client with a schedule (ADR 128)
      return items.map((item) => {
        const counts = schedules.get(item.id);
        return counts ? { ...item, schedules: counts } : item;
      });
    },
  );
}
