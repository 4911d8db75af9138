import type { FastifyInstance } from 'fastify';
import { requireApprovedUser } from '../../auth/require-user';
import { linkCreateRoute } from './create';
import { linkListRoute } from './list';
import { newResultsRoute } from './new-results';
import { linkRevokeRoute } from './revoke';
import { linkSeenRoute } from './seen';
import { linkSendRoute } from './send';

/** The practitioner's side of respondent links, under /api; approved accounts only (ADR 095, 105). */
export async function linkRoutes(app: FastifyInstance) {
  const { links } = app.services;
  // onRequest: an unreviewed account's request is refused before its body is read
  app.addHook('onRequest', requireApprovedUser);
  await app.register(
    async (area) => {
      linkCreateRoute(area, links);
      linkListRoute(area, links);
      linkSeenRoute(area, links);
    },
    { prefix: '/clients' },
  );
  await app.register(
    async (area) => {
      newResultsRoute(area, links);
      linkRevokeRoute(area, links);
      linkSendRoute(area, links);
    },
    { prefix: '/links' },
  );
}
