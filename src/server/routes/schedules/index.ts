import type { FastifyInstance } from 'fastify';
import { requireApprovedUser } from '../../auth/require-user';
import { occurrenceCancelRoute } from './cancel';
import { scheduleChangeRoutes } from './change';
import { scheduleCreateRoute } from './create';
import { scheduleDueRoute } from './due';
import { scheduleListRoute } from './list';

/** Measurement schedules under /api; approved accounts only (ADR 105, 128). */
export async function scheduleRoutes(app: FastifyInstance) {
  const { schedules } = app.services;
  // onRequest: an unreviewed account's request is refused before its body is read
  app.addHook('onRequest', requireApprovedUser);
  await app.register(
    async (area) => {
      scheduleCreateRoute(area, schedules);
      scheduleListRoute(area, schedules);
    },
    { prefix: '/clients' },
  );
  await app.register(
    async (area) => {
      scheduleDueRoute(area, schedules);
      scheduleChangeRoutes(area, schedules);
    },
    { prefix: '/schedules' },
  );
  await app.register(async (area) => occurrenceCancelRoute(area, schedules), { prefix: '/occurrences' });
}
