import type { FastifyInstance } from 'fastify';
import { type IdParams, idParamsSchema, occurrenceViewSchema } from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ScheduleService } from '../../schedules/schedule-service';

/** POST /api/occurrences/:id/cancel: a due or overdue occurrence is cancelled; 409 once its link went out. */
export function occurrenceCancelRoute(app: FastifyInstance, schedules: ScheduleService) {
  const schema = { params: idParamsSchema, response: { 200: occurrenceViewSchema } };
  app.post<{ Params: IdParams }>('/:id/cancel', { schema }, async (request) => {
    const { view, clientId } = await schedules.cancel(request.user!.id, request.params.id);
    await auditRequest(request, {
      action: 'cancel',
      clientId,
      recordType: 'schedule-occurrence',
      recordId: view.id,
    });
    return view;
  });
}
