import type { FastifyInstance } from 'fastify';
import { type IdParams, idParamsSchema, scheduleListSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ScheduleService } from '../../schedules/schedule-service';

/** GET /api/clients/:id/schedules: the client's schedules, oldest first, each with all its occurrences. */
export function scheduleListRoute(app: FastifyInstance, schedules: ScheduleService) {
  const schema = { params: idParamsSchema, response: { 200: scheduleListSchema } };
  app.get<{ Params: IdParams }>('/:id/schedules', { schema }, async (request) => {
    const list = await schedules.list(request.user!.id, request.params.id);
    // the respondent's address is the client's data: reading it is an access
    await auditRequest(request, {
      action: 'list',
      clientId: request.params.id,
      recordType: 'schedule',
      recordId: null,
    });
    return list;
  });
}
