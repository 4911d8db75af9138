import type { FastifyInstance } from 'fastify';
import { requireApprovedUser } from '../../auth/require-user';
import { answeredRoute } from './answered';
import { changeCsvRoute } from './change-csv';
import { changeReportRoute } from './change-report';

/** Reports over the practitioner's caseload (/api/reports): client data, so approved accounts only (ADR 105). */
export async function reportRoutes(app: FastifyInstance) {
  const { reports } = app.services;
  app.addHook('onRequest', requireApprovedUser);
  changeReportRoute(app, reports);
  changeCsvRoute(app, reports);
  answeredRoute(app, reports);
}
