import type { FastifyInstance } from 'fastify';
import { userAnswerSchema, type VerifyEmailQuery, verifyEmailQuerySchema } from '../../../shared';
import { limitPerIp } from '../../security/limiter';
import { toUserView } from '../../users/user-view';

/**
 * GET /api/auth/verify-email?token=: { user }. 400 INVALID_TOKEN, TOKEN_EXPIRED or ALREADY_VERIFIED
 * (the English messages contain 'invalid', 'expired', 'already verified', which the spec's client looks for).
 */
export async function verifyEmailRoute(app: FastifyInstance) {
  const service = app.services.verification;
  app.get<{ Querystring: VerifyEmailQuery }>(
    '/verify-email',
    {
      schema: { querystring: verifyEmailQuerySchema, response: { 200: userAnswerSchema } },
      preHandler: limitPerIp('verifyPerIp'),
    },
    async (request) => ({ user: toUserView(await service.verifyLink(request.query.token)) }),
  );
}
