import type { FastifyInstance } from 'fastify';
import {
  type IdParams,
  idParamsSchema,
  intakeSaveViewSchema,
  intakeVersionBodySchema,
} from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import { assertUuid } from '../../errors';
import type { IntakeService } from '../../intake/service';
import { enforceSaveLimit } from './limits';
import { savedView } from './replies';
import { versionOf } from './schemas';

/**
 * POST /api/client-intake/:id/reopen: a submitted record back to a draft, the practitioner's explicit choice
 * (ADR 060); audited as 'reopened'. The body is optional: `{ version }` to refuse a stale reopen.
 */
export function reopenRoute(app: FastifyInstance, service: IntakeService) {
  const schema = {
    params: idParamsSchema,
    body: intakeVersionBodySchema,
    response: { 200: intakeSaveViewSchema },
  };
  app.post<{ Params: IdParams; Body: unknown }>('/:id/reopen', { schema }, async (request) => {
    assertUuid(request.params.id);
    const version = versionOf(request.body);
    await enforceSaveLimit(request);
    const { id } = request.params;
    const reopened = await service.reopen(request.user!.id, id, version);
    await auditRequest(request, { action: 'reopen', clientId: id, recordType: 'intake', recordId: id });
    return savedView(reopened);
  });
}
