import type { FastifyInstance } from 'fastify';
import { noContentSchema } from '../../../shared';
import { sessionTokenOf } from '../../auth/require-user';
import { clearSessionCookie } from './session-cookie';

/** POST /api/auth/logout: ends the current session, if any (best effort: always 204). */
export async function logoutRoute(app: FastifyInstance) {
  app.post('/logout', { schema: { response: { 204: noContentSchema } } }, async (request, reply) => {
    const token = sessionTokenOf(request);
    if (token) await app.sessions.revoke(token);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });
}
