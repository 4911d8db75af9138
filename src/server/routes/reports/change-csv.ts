import type { FastifyInstance } from 'fastify';
import { type ChangeReportQuery, changeReportQuerySchema, fileSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ReportService } from '../../reports/report-service';
import { limitPerAccount } from '../../security/limiter';
import { reportRecordId } from './change-report';

/** GET /api/reports/change.csv: the change report as a spreadsheet, in the request's language. */
export function changeCsvRoute(app: FastifyInstance, reports: ReportService) {
  app.get<{ Querystring: ChangeReportQuery }>(
    '/change.csv',
    {
      preHandler: limitPerAccount('clientExportsPerPractitioner'),
      schema: {
        querystring: changeReportQuerySchema,
        response: { 200: fileSchema('The change report, one row per client', 'text/csv') },
      },
    },
    async (request, reply) => {
      const { name, text } = await reports.csv(request.user!.id, request.query, request.lang);
      await auditRequest(request, {
        action: 'export',
        clientId: null,
        recordType: 'change-report',
        recordId: reportRecordId(request.query),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(text);
    },
  );
}
