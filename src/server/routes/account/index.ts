import type { FastifyInstance } from 'fastify';
import { cancelDeletionRoute } from './cancel-deletion';
import { deleteRoute } from './delete';
import { deletionRoute } from './deletion';
import { exportRoute } from './export';

/** The practitioner's data rights under KVKK (ADR 091, 092), under /api/account. */
export async function accountRoutes(app: FastifyInstance) {
  for (const route of [exportRoute, deleteRoute, deletionRoute, cancelDeletionRoute])
    await app.register(route);
}
