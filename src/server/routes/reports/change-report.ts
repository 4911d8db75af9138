import type { FastifyInstance } from 'fastify';
import { type ChangeReportQuery, changeReportQuerySchema, changeReportSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ReportService } from '../../reports/report-service';

/** The audit's record of a report: which questionnaire and scale, over the caseload (no one client). */
export const reportRecordId = (query: ChangeReportQuery) => `${query.questionnaire}/${query.scale}`;

/** GET /api/reports/change: how the caseload changed on one scale in a period (ADR 129). */
export function changeReportRoute(app: FastifyInstance, reports: ReportService) {
  const schema = { querystring: changeReportQuerySchema, response: { 200: changeReportSchema } };
  app.get<{ Querystring: ChangeReportQuery }>('/change', { schema }, async (request) => {
    const report = await reports.report(request.user!.id, request.query);
    await auditRequest(request, {
      action: 'read',
      clientId: null,
      recordType: 'change-report',
      recordId: reportRecordId(request.query),
    });
    return report;
  });
}
