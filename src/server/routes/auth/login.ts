import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, normalizeEmail } from '../../../shared';
import { findUserByEmail } from '../../auth/accounts';
import { AppError } from '../../errors';
import { beginLoginAttempt, countMalformedLogin } from '../../security/login-attempts';
import { toUserView } from '../../users/user-view';
import { formFields, validateForm } from '../../validation';
import { setSessionCookie } from './session-cookie';

const FORM = 'auth/login';
const invalidCredentials = () =>
  new AppError(401, ERROR_CODES.INVALID_CREDENTIALS, 'auth.invalidCredentials');

/**
 * POST /api/auth/login: { user, accessToken, expiresAt }. Unknown e-mails still cost a password hash;
 * EMAIL_NOT_VERIFIED and ACCOUNT_SUSPENDED are only told to someone who knows the password. Only failed
 * attempts count against the limits, per account+address, per address and per account (ADR 052).
 */
export async function loginRoute(app: FastifyInstance) {
  app.post(
    '/login',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            email: { type: 'string' },
            password: { type: 'string' },
            rememberMe: { type: 'boolean' },
          },
        },
      },
    },
    async (request, reply) => {
      const data = formFields(app, FORM, request.body);
      try {
        validateForm(request, FORM, data);
      } catch (error) {
        await countMalformedLogin(app, request.ip);
        throw error;
      }
      const email = normalizeEmail(data.email as string);
      const password = data.password as string;
      // counted as a failure until the password matches (ADR 052)
      const attempt = await beginLoginAttempt(app, request.ip, email);

      const user = await findUserByEmail(app.db, email);
      if (!user) {
        await app.passwords.verifyDummy(password);
        throw invalidCredentials();
      }
      if (!(await app.passwords.verify(user.password_hash, password))) throw invalidCredentials();
      await attempt.succeeded();
      if (user.status === 'suspended')
        throw new AppError(403, ERROR_CODES.ACCOUNT_SUSPENDED, 'auth.accountSuspended');
      if (app.config.requireEmailVerification && user.email_verified_at === null) {
        throw new AppError(403, ERROR_CODES.EMAIL_NOT_VERIFIED, 'auth.emailNotVerified', {
          extra: { email: user.email },
        });
      }

      const remember = data.rememberMe === true;
      const session = await app.sessions.create(user.id, remember);
      setSessionCookie(reply, session, remember);
      return {
        user: toUserView(user),
        accessToken: session.token,
        expiresAt: session.expiresAt.toISOString(),
      };
    },
  );
}
