import type { FastifyInstance } from 'fastify';
import { fileSchema, type IdParams, idParamsSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { FhirService } from '../../fhir/fhir-service';
import { limitPerAccount } from '../../security/limiter';

/** GET /api/clients/:id/fhir.json: the client's responses and scores as a FHIR R4 Bundle (ADR 131); audited. */
export function clientFhirRoute(app: FastifyInstance, fhir: FhirService) {
  app.get<{ Params: IdParams }>(
    '/:id/fhir.json',
    {
      preHandler: limitPerAccount('clientExportsPerPractitioner'),
      schema: {
        params: idParamsSchema,
        response: {
          200: fileSchema("The client's responses and scores as a FHIR R4 Bundle", 'application/fhir+json', {
            type: 'object',
          }),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { name, bundle } = await fhir.client(request.user!.id, id, request.lang);
      await auditRequest(request, {
        action: 'export',
        clientId: id,
        recordType: 'fhir-bundle',
        recordId: id,
      });
      return reply
        .type('application/fhir+json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(bundle));
    },
  );
}
