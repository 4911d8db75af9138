import type { FastifyInstance } from 'fastify';
import { requireApprovedUser } from '../../auth/require-user';
import { accessHistoryRoute } from './access-history';
import { createRoute } from './create';
import { deleteRoute } from './delete';
import { deletionImpactRoute } from './deletion-impact';
import { exportRoute } from './export';
import { getRoute } from './get';
import { listRoute } from './list';
import { printRoute } from './print';
import { reopenRoute } from './reopen';
import { submitRoute } from './submit';
import { updateRoute } from './update';

/** The client intake (spec client-intake.md section 7), under /api/client-intake; approved accounts only (ADR 105). */
export async function intakeRoutes(app: FastifyInstance) {
  const service = app.services.intake;
  // onRequest: an unreviewed account's request is refused before its body is read
  app.addHook('onRequest', requireApprovedUser);
  for (const route of [
    createRoute,
    updateRoute,
    getRoute,
    listRoute,
    deleteRoute,
    deletionImpactRoute,
    submitRoute,
    reopenRoute,
    exportRoute,
    printRoute,
    accessHistoryRoute,
  ]) {
    route(app, service);
  }
}
