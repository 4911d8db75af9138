import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user';
import { toUserView } from '../../users/user-view';

/** GET /api/auth/me: { user } of the session; 401 UNAUTHORIZED when the session is gone. */
export async function meRoute(app: FastifyInstance) {
  app.get('/me', { preHandler: requireUser }, async (request) => ({ user: toUserView(request.user!) }));
}
