import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { changePasswordAnswerSchema, changePasswordBodySchema } from '../../../shared';
import { isCurrentPassword, sendPasswordChangedMail } from '../../auth/accounts';
import { requireUser } from '../../auth/require-user';
import { sha256Hex } from '../../crypto/tokens';
import { validationFailed } from '../../errors';
import { formFields, validateForm } from '../../validation';
import { setSessionCookie } from './session-cookie';

const FORM = 'auth/change-password';

/**
 * POST /api/auth/change-password { oldPassword, newPassword, confirmNewPassword }: every session of the
 * account ends (this one too) and a fresh one is answered: { ok: true, accessToken, expiresAt }.
 */
export async function changePasswordRoute(app: FastifyInstance) {
  app.post(
    '/change-password',
    {
      schema: {
        body: changePasswordBodySchema,
        response: { 200: changePasswordAnswerSchema },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const user = request.user!;
      const data = formFields(app, FORM, request.body);
      if (data.confirmNewPassword === undefined && typeof data.newPassword === 'string') {
        data.confirmNewPassword = data.newPassword;
      }
      validateForm(request, FORM, data);
      // Guessing the current password with a stolen session is limited per account.
      await app.limiter.enforce(
        `change-password:${user.id}`,
        app.limits.changePasswordPerAccount,
        'rateLimit.login',
      );
      if (!(await isCurrentPassword(app, user.id, data.oldPassword as string))) {
        throw validationFailed({ oldPassword: { key: 'auth.currentPasswordIncorrect' } });
      }
      if (data.newPassword === data.oldPassword) {
        throw validationFailed({ newPassword: { key: 'auth.samePassword' } });
      }
      const passwordHash = await app.passwords.hash(data.newPassword as string);
      const remember = await app.db
        .selectFrom('sessions')
        .select('remember')
        .where('user_id', '=', user.id)
        .where('token_hash', '=', sha256Hex(request.sessionToken!))
        .executeTakeFirst();
      await app.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: sql`now()` })
          .where('id', '=', user.id)
          .execute();
        await app.sessions.revokeAll(user.id, tx);
      });
      const rememberMe = remember?.remember ?? false;
      const session = await app.sessions.create(user.id, rememberMe);
      setSessionCookie(reply, session, rememberMe);
      try {
        await sendPasswordChangedMail(app, user);
      } catch (error) {
        request.log.error({ err: error }, 'password changed mail failed');
      }
      return { ok: true, accessToken: session.token, expiresAt: session.expiresAt.toISOString() };
    },
  );
}
