import type { FastifyInstance } from 'fastify';
import { dueOccurrenceListSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ScheduleService } from '../../schedules/schedule-service';

/** GET /api/schedules/due: every occurrence due and not sent, or overdue, across the practitioner's clients. */
export function scheduleDueRoute(app: FastifyInstance, schedules: ScheduleService) {
  app.get('/due', { schema: { response: { 200: dueOccurrenceListSchema } } }, async (request) => {
    const due = await schedules.due(request.user!.id);
    await auditRequest(request, { action: 'list', clientId: null, recordType: 'schedule', recordId: null });
    return due;
  });
}
