import type { FastifyInstance } from 'fastify';
import { accessHistoryViewSchema, type IdParams, idParamsSchema } from '../../../shared';
import { assertUuid } from '../../errors';
import type { IntakeService } from '../../intake/service';

/**
 * GET /api/client-intake/:id/access-history: who read, changed, exported, printed the client's record and when,
 * newest first: `{ entries: [{ id, at, action, actorKind, recordType, address, byMe }] }`. Reading the history is not
 * itself an entry: it shows no client data.
 */
export function accessHistoryRoute(app: FastifyInstance, service: IntakeService) {
  app.get<{ Params: IdParams }>(
    '/:id/access-history',
    { schema: { params: idParamsSchema, response: { 200: accessHistoryViewSchema } } },
    async (request) => {
      const { id } = request.params;
      assertUuid(id);
      const practitionerId = request.user!.id;
      await service.meta(practitionerId, id);
      const entries = await app.services.audit.forClient(practitionerId, id);
      return {
        entries: entries.map((e) => ({
          id: e.id,
          at: e.at,
          action: e.action,
          actorKind: e.actorKind,
          recordType: e.recordType,
          address: e.address,
          byMe: e.actorKind === 'practitioner' && e.actorId === practitionerId,
        })),
      };
    },
  );
}
