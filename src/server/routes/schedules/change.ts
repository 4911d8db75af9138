import type { FastifyInstance } from 'fastify';
import { type IdParams, idParamsSchema, scheduleViewSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ScheduleService } from '../../schedules/schedule-service';

const CHANGES = ['pause', 'resume', 'stop'] as const;

/**
 * POST /api/schedules/:id/pause | resume | stop: the schedule in its new state. 409 CONFLICT when its state does
 * not allow the change (resuming a running one, anything on a stopped or finished one).
 */
export function scheduleChangeRoutes(app: FastifyInstance, schedules: ScheduleService) {
  const schema = { params: idParamsSchema, response: { 200: scheduleViewSchema } };
  for (const change of CHANGES) {
    app.post<{ Params: IdParams }>(`/:id/${change}`, { schema }, async (request) => {
      const schedule = await schedules[change](request.user!.id, request.params.id);
      await auditRequest(request, {
        action: change,
        clientId: schedule.clientId,
        recordType: 'schedule',
        recordId: schedule.id,
      });
      return schedule;
    });
  }
}
