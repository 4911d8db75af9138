import type { FastifyInstance } from 'fastify';
import { binarySchema, type IdParams, idParamsSchema } from '../../shared';
import { auditRequest } from '../audit/request-audit';
import { requireUser } from '../auth/require-user';
import { notFound } from '../errors';

/** GET /api/files/:id: an uploaded file, to its owner only; anyone else gets 404 as if it did not exist. */
export async function fileRoutes(app: FastifyInstance) {
  app.get<{ Params: IdParams }>(
    '/:id',
    {
      schema: {
        params: idParamsSchema,
        // the type the file was uploaded as (PDF, PNG or JPEG)
        response: { 200: { description: 'The uploaded file', content: { '*/*': { schema: binarySchema } } } },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const file = await app.db
        .selectFrom('files')
        .select(['name', 'type', 'data'])
        .where('id', '=', request.params.id)
        .where('owner_id', '=', request.user!.id)
        .executeTakeFirst();
      if (!file) throw notFound();
      await auditRequest(request, {
        action: 'read',
        clientId: null,
        recordType: 'file',
        recordId: request.params.id,
      });
      return reply
        .type(file.type)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.data));
    },
  );
}
