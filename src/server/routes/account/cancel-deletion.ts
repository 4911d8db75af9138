import type { FastifyInstance } from 'fastify';
import { cancelDeletionBodySchema, ERROR_CODES, okSchema } from '../../../shared';
import { AppError } from '../../errors';
import { cancelAccountDeletion } from '../../privacy/account-deletion';

/** POST /api/account/cancel-deletion { token }: the mailed link keeps the account; 200 `{ ok: true }`. */
export async function cancelDeletionRoute(app: FastifyInstance) {
  app.post(
    '/cancel-deletion',
    {
      schema: { body: cancelDeletionBodySchema, response: { 200: okSchema } },
    },
    async (request) => {
      await app.limiter.enforce(`cancel-deletion:${request.ip}`, app.limits.verifyPerIp);
      const { token } = request.body as { token: string };
      if (!(await cancelAccountDeletion(app.db, token)))
        throw new AppError(400, ERROR_CODES.INVALID_LINK, 'privacy.cancelLinkInvalid');
      return { ok: true };
    },
  );
}
