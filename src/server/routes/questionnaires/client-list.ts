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
      // `schedules` only on a client with a schedule (ADR 128), counted in the list's own statement (ADR 136)
      const items = await clients.list(request.user!.id, request.query.q);
      await auditRequest(request, { action: 'list', clientId: null, recordType: 'client', recordId: null });
      return items;
    },
  );
}
