import type { FastifyInstance } from 'fastify';
import {
  type CreateScheduleInput,
  createScheduleBodySchema,
  type IdParams,
  idParamsSchema,
  issuedScheduleViewSchema,
} from '../../../shared';
import { auditRequest } from '../../audit/request-audit';
import type { ScheduleService } from '../../schedules/schedule-service';
import { enforceWriteLimit } from '../questionnaires/limits';

/**
 * POST /api/clients/:id/schedules: a questionnaire that goes out by itself to one respondent (ADR 128). 201 with
 * the schedule, every planned day, and the code when asked for (shown once). 400 names the fields of a rule that
 * does not hold; 409 AGE_OUTSIDE_RANGE unless `ageOverride`, which the audit trail records.
 */
export function scheduleCreateRoute(app: FastifyInstance, schedules: ScheduleService) {
  app.post<{ Params: IdParams; Body: CreateScheduleInput }>(
    '/:id/schedules',
    {
      // a schedule sends mail on the practitioner's behalf: it counts as a questionnaire write
      preHandler: enforceWriteLimit,
      schema: {
        params: idParamsSchema,
        body: createScheduleBodySchema,
        response: { 201: issuedScheduleViewSchema },
      },
    },
    async (request, reply) => {
      const { issued, ageOverridden } = await schedules.create(
        request.user!.id,
        request.params.id,
        request.body,
      );
      const event = { clientId: request.params.id, recordType: 'schedule', recordId: issued.schedule.id };
      await auditRequest(request, { action: 'create', ...event });
      if (ageOverridden) await auditRequest(request, { action: 'override-age', ...event });
      return reply.code(201).send(issued);
    },
  );
}
