import type { FastifyInstance } from 'fastify';
import { userAnswerSchema } from '../../../shared';
import { requireUser } from '../../auth/require-user';
import { toUserView } from '../../users/user-view';

/** GET /api/auth/me: { user } of the session; 401 UNAUTHORIZED when the session is gone. */
export async function meRoute(app: FastifyInstance) {
  app.get(
    '/me',
    { schema: { response: { 200: userAnswerSchema } }, preHandler: requireUser },
    async (request) => ({ user: toUserView(request.user!) }),
  );
}
