import type { FastifyInstance } from 'fastify';
import {
  type IdParams,
  idParamsSchema,
  intakeSaveViewSchema,
  intakeVersionBodySchema,
} from '../../../shared';
import { assertUuid } from '../../errors';
import type { IntakeService } from '../../intake/service';
import { enforceSaveLimit } from './limits';
import { savedView } from './replies';
import { versionOf } from './schemas';

/**
 * POST /api/client-intake/:id/submit: submits the whole record once all four sections are fully valid, else
 * 422 INTAKE_INCOMPLETE with what is missing per section. The body is optional: `{ version }` to refuse a stale
 * submit.
 */
export function submitRoute(app: FastifyInstance, service: IntakeService) {
  const schema = {
    params: idParamsSchema,
    body: intakeVersionBodySchema,
    response: { 200: intakeSaveViewSchema },
  };
  app.post<{ Params: IdParams; Body: unknown }>('/:id/submit', { schema }, async (request) => {
    assertUuid(request.params.id);
    const version = versionOf(request.body);
    await enforceSaveLimit(request);
    const { id } = request.params;
    // the submit writes its audit entry in its own statement (ADR 090)
    const saved = await service.submit(request.user!.id, id, version, request.lang, request.ip);
    return savedView(saved);
  });
}
