import type { FastifyInstance } from 'fastify';
import { answeredQuestionnairesSchema } from '../../../shared';
import type { ReportService } from '../../reports/report-service';

/**
 * GET /api/reports/questionnaires: which questionnaires have scores to report, the most recently answered first, so
 * the change report opens on one with data. Ids of the catalogue only, no client's data (nothing to audit).
 */
export function answeredRoute(app: FastifyInstance, reports: ReportService) {
  const schema = { response: { 200: answeredQuestionnairesSchema } };
  app.get('/questionnaires', { schema }, async (request) => ({
    questionnaires: await reports.answered(request.user!.id),
  }));
}
