import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../../errors';
import { IntakeConflict, type IntakeService } from '../../intake/service';
import { enforceSaveLimit } from './limits';
import { assertIntakeId, savedView, sendConflict } from './replies';
import type { IdParams } from './schemas';

/**
 * POST /api/client-intake/:id/submit: submits the whole record once all four sections are fully valid.
 * The body is optional: `{ version }` to refuse a stale submit.
 */
export function submitRoute(app: FastifyInstance, service: IntakeService) {
  app.post<{ Params: IdParams; Body: unknown }>('/:id/submit', async (request, reply) => {
    assertIntakeId(request.params.id);
    const version = versionOf(request.body);
    await enforceSaveLimit(request);
    try {
      const saved = await service.submit(request.user!.id, request.params.id, version, request.lang);
      return savedView(saved);
    } catch (error) {
      if (error instanceof IntakeConflict) return sendConflict(request, reply, error);
      throw error;
    }
  });
}

/** No body, `{}` or `{ version: <positive integer> }`; anything else is a 400. */
function versionOf(body: unknown): number | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'object' || Array.isArray(body))
    throw validationFailed({ _form: { key: 'validation.invalid' } });
  const { version, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw validationFailed({ _form: { key: 'validation.invalid' } });
  if (version === undefined) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw validationFailed({ version: { key: 'validation.invalid' } });
  }
  return version;
}
