import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { deletionImpactViewSchema, type IdParams, idParamsSchema } from '../../../shared';
import { assertUuid } from '../../errors';
import type { IntakeService } from '../../intake/service';

/**
 * GET /api/client-intake/:id/deletion-impact: what goes with the record if it is deleted, for the dialog that asks:
 * `{ responses, results, links }` (questionnaire responses, those submitted with a result, respondent links).
 * Counts only: no client data, so no audit entry.
 */
export function deletionImpactRoute(app: FastifyInstance, service: IntakeService) {
  app.get<{ Params: IdParams }>(
    '/:id/deletion-impact',
    { schema: { params: idParamsSchema, response: { 200: deletionImpactViewSchema } } },
    async (request) => {
      const { id } = request.params;
      assertUuid(id);
      const practitionerId = request.user!.id;
      await service.meta(practitionerId, id);
      const responses = await app.db
        .selectFrom('questionnaire_responses')
        .select([
          sql<string>`count(*)`.as('all'),
          sql<string>`count(*) filter (where status = 'submitted')`.as('submitted'),
        ])
        .where('practitioner_id', '=', practitionerId)
        .where('intake_id', '=', id)
        .executeTakeFirstOrThrow();
      const links = await app.db
        .selectFrom('respondent_links')
        .select(sql<string>`count(*)`.as('all'))
        .where('practitioner_id', '=', practitionerId)
        .where('intake_id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        responses: Number(responses.all),
        results: Number(responses.submitted),
        links: Number(links.all),
      };
    },
  );
}
