import type { FastifyInstance } from 'fastify';
import { fileSchema, type IdParams, idParamsSchema, intakeExportViewSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import { assertUuid } from '../../errors';
import type { IntakeService } from '../../intake/service';
import { limitPerAccount } from '../../security/limiter';

/**
 * GET /api/client-intake/:id/export: one client's record as a JSON download, for a guardian's access request
 * (the printable document is the summary page); audited as 'export'.
 */
export function exportRoute(app: FastifyInstance, service: IntakeService) {
  app.get<{ Params: IdParams }>(
    '/:id/export',
    {
      preHandler: limitPerAccount('clientExportsPerPractitioner'),
      schema: {
        params: idParamsSchema,
        response: {
          200: fileSchema('The record as a JSON download', 'application/json', intakeExportViewSchema),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      assertUuid(id);
      const record = service.view(await service.find(request.user!.id, id));
      await auditRequest(request, { action: 'export', clientId: id, recordType: 'intake', recordId: id });
      return reply
        .header('content-disposition', `attachment; filename="client-${id}.json"`)
        .header('cache-control', 'private, no-store')
        .send({ exportedAt: new Date().toISOString(), record });
    },
  );
}
