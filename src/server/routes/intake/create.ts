import type { FastifyInstance } from 'fastify';
import { type IntakeSaveBody, intakeSaveBodySchema, intakeSaveViewSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import { validationFailed } from '../../errors';
import type { IntakeService } from '../../intake/service';
import { enforceSaveLimit } from './limits';
import { savedView } from './replies';
import { sectionsOf } from './schemas';

/** POST /api/client-intake: the first save of a new record (no id yet); 201 `{ id, updatedAt, version, status }`. */
export function createRoute(app: FastifyInstance, service: IntakeService) {
  const keys = service.sectionKeys();
  const schema = { body: intakeSaveBodySchema(keys), response: { 201: intakeSaveViewSchema } };
  app.post<{ Body: IntakeSaveBody }>('/', { schema }, async (request, reply) => {
    await enforceSaveLimit(request);
    const { body } = request;
    // an id names an existing record: that is a PUT
    if (body.id !== undefined) throw validationFailed({ id: { key: 'validation.invalid' } });
    const saved = await service.save(
      request.user!.id,
      { status: body.status, sections: sectionsOf(body, keys) },
      request.lang,
    );
    await auditRequest(request, {
      action: 'create',
      clientId: saved.id,
      recordType: 'intake',
      recordId: saved.id,
    });
    return reply.code(201).send(savedView(saved));
  });
}
