import type { FastifyInstance } from 'fastify';
import { deletionAnswerSchema, passwordBodySchema } from '../../../shared';
import { isCurrentPassword } from '../../auth/accounts';
import { requireUser } from '../../auth/require-user';
import { validationFailed } from '../../errors';
import { requestAccountDeletion } from '../../privacy/account-deletion';
import { setDeletionNotice } from '../../privacy/deletion-notice';
import { formFields, validateForm } from '../../validation';
import { clearSessionCookie } from '../auth/session-cookie';

const FORM = 'account/delete-account';

/**
 * POST /api/account/delete { password }: 'Delete my account'. Sign-in is blocked and every session ends at once;
 * a mail confirms it with a cancel link; the purge follows after the grace period. 200 `{ deletionDueAt }`, and a
 * cookie that lets /account-deleted read the date again after a reload (GET /api/account/deletion).
 */
export async function deleteRoute(app: FastifyInstance) {
  app.post(
    '/delete',
    {
      schema: { body: passwordBodySchema, response: { 200: deletionAnswerSchema } },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const user = request.user!;
      const data = formFields(app, FORM, request.body);
      validateForm(request, FORM, data);
      const password = data.password as string;
      // guessing the password with a stolen session is limited as the password change is
      await app.limiter.enforce(
        `delete-account:${user.id}`,
        app.limits.changePasswordPerAccount,
        'rateLimit.login',
      );
      if (!(await isCurrentPassword(app, user.id, password)))
        throw validationFailed({ password: { key: 'privacy.passwordIncorrect' } });
      const dueAt = await requestAccountDeletion(app, user);
      clearSessionCookie(reply);
      setDeletionNotice(reply, app.keys.deletionNotice, user.id, dueAt);
      return { deletionDueAt: dueAt.toISOString() };
    },
  );
}
