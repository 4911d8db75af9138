import type { FastifyInstance } from 'fastify';
import {
  type IdParams,
  type IntakeSaveBody,
  idParamsSchema,
  intakeSaveBodySchema,
  intakeSaveViewSchema,
} from '../../../shared';
import { assertUuid, validationFailed } from '../../errors';
import type { IntakeService } from '../../intake/service';
import { saveLimitOf } from './limits';
import { savedView } from './replies';
import { sectionsOf } from './schemas';

/** PUT /api/client-intake/:id: saves sections of an existing record; 409 CONFLICT on a stale version. */
export function updateRoute(app: FastifyInstance, service: IntakeService) {
  const keys = service.sectionKeys();
  app.put<{ Params: IdParams; Body: IntakeSaveBody }>(
    '/:id',
    {
      schema: {
        params: idParamsSchema,
        body: intakeSaveBodySchema(keys),
        response: { 200: intakeSaveViewSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      assertUuid(id);
      const { body } = request;
      if (body.id !== undefined && body.id !== id)
        throw validationFailed({ id: { key: 'validation.invalid' } });
      // the save limit is counted in the save's own statement
      const saved = await service.save(
        request.user!.id,
        {
          id,
          status: body.status,
          version: body.version,
          sections: sectionsOf(body, keys),
          // the save writes its audit entry in its own statement (ADR 016, 090)
          address: request.ip,
        },
        request.lang,
        saveLimitOf(request),
      );
      return savedView(saved);
    },
  );
}
