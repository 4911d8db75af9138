import type { FastifyInstance } from 'fastify';
import { userAnswerSchema, type VerifyCodeBody, verifyCodeBodySchema } from '../../../shared';
import { sessionTokenOf } from '../../auth/require-user';
import { limitPerIp } from '../../security/limiter';
import { toUserView } from '../../users/user-view';

/**
 * POST /api/auth/verify-code { code, email }: the 6-digit code of the verification e-mail. The e-mail may
 * be left out when a session is sent. Each code allows 5 attempts; then a new e-mail is needed.
 */
export async function verifyCodeRoute(app: FastifyInstance) {
  const service = app.services.verification;
  app.post<{ Body: VerifyCodeBody }>(
    '/verify-code',
    {
      schema: { body: verifyCodeBodySchema, response: { 200: userAnswerSchema } },
      preHandler: limitPerIp('verifyPerIp'),
    },
    async (request) => {
      const user = await service.verifyCode({
        code: request.body?.code,
        email: request.body?.email,
        sessionToken: sessionTokenOf(request),
      });
      return { user: toUserView(user) };
    },
  );
}
