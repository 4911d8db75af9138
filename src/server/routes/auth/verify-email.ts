import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../shared';
import { markEmailVerified } from '../../auth/accounts';
import { consumeOneTimeToken } from '../../auth/one-time-tokens';
import { AppError } from '../../errors';
import { limitPerIp } from '../../security/limiter';
import { toUserView } from '../../users/user-view';

const invalidLink = () => new AppError(400, ERROR_CODES.INVALID_TOKEN, 'verification.invalidLink');

/**
 * GET /api/auth/verify-email?token=: { user }. 400 INVALID_TOKEN, TOKEN_EXPIRED or ALREADY_VERIFIED
 * (the English messages contain 'invalid', 'expired', 'already verified', which the spec's client looks for).
 */
export async function verifyEmailRoute(app: FastifyInstance) {
  app.get<{ Querystring: { token?: string } }>(
    '/verify-email',
    {
      schema: { querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } } },
      preHandler: limitPerIp('verifyPerIp'),
    },
    async (request) => {
      const token = request.query.token?.trim();
      if (!token) throw invalidLink();
      const result = await consumeOneTimeToken(app.db, token, 'verify_email');
      if (result.ok) return { user: toUserView(await markEmailVerified(app.db, result.userId)) };
      if (result.reason === 'expired')
        throw new AppError(400, ERROR_CODES.TOKEN_EXPIRED, 'verification.expiredLink');
      if (result.reason === 'used')
        throw new AppError(400, ERROR_CODES.ALREADY_VERIFIED, 'verification.alreadyVerified');
      throw invalidLink();
    },
  );
}
