import type { FastifyInstance } from 'fastify';
import { auditRequest } from '../../audit/request-audit';
import type { IntakeService } from '../../intake/service';
import { enforceSaveLimit } from './limits';
import { assertIntakeId, savedView, sendIntakeError } from './replies';
import { type IdParams, versionOf } from './schemas';

/**
 * POST /api/client-intake/:id/submit: submits the whole record once all four sections are fully valid, else
 * 422 INTAKE_INCOMPLETE with what is missing per section. The body is optional: `{ version }` to refuse a stale
 * submit.
 */
export function submitRoute(app: FastifyInstance, service: IntakeService) {
  app.post<{ Params: IdParams; Body: unknown }>('/:id/submit', async (request, reply) => {
    assertIntakeId(request.params.id);
    const version = versionOf(request.body);
    await enforceSaveLimit(request);
    try {
      const { id } = request.params;
      const saved = await service.submit(request.user!.id, id, version, request.lang);
      await auditRequest(request, { action: 'submit', clientId: id, recordType: 'intake', recordId: id });
      return savedView(saved);
    } catch (error) {
      return sendIntakeError(request, reply, error);
    }
  });
}
