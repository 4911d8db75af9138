import type { FastifyInstance } from 'fastify';
import { limitPerIp } from '../../security/limiter';
import { toUserView } from '../../users/user-view';

/**
 * GET /api/auth/verify-email?token=: { user }. 400 INVALID_TOKEN, TOKEN_EXPIRED or ALREADY_VERIFIED
 * (the English messages contain 'invalid', 'expired', 'already verified', which the spec's client looks for).
 */
export async function verifyEmailRoute(app: FastifyInstance) {
  const service = app.services.verification;
  app.get<{ Querystring: { token?: string } }>(
    '/verify-email',
    {
      schema: { querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } } },
      preHandler: limitPerIp('verifyPerIp'),
    },
    async (request) => ({ user: toUserView(await service.verifyLink(request.query.token)) }),
  );
}
