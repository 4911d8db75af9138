import type { FastifyInstance } from 'fastify';
import { isLang } from '../../../forms/types';
import { loginBodySchema, sessionAnswerSchema } from '../../../shared';
import { toUserView } from '../../users/user-view';
import { formFields, validateForm } from '../../validation';
import { setSessionCookie } from './session-cookie';

const FORM = 'auth/login';

/**
 * POST /api/auth/login: { user, accessToken, expiresAt }; a `language` chosen on the sign-in page becomes the
 * account's. Unknown e-mails still cost a password hash;
 * EMAIL_NOT_VERIFIED and ACCOUNT_SUSPENDED are only told to someone who knows the password. Only failed
 * attempts count against the limits, per account+address, per address and per account (ADR 052).
 */
export async function loginRoute(app: FastifyInstance) {
  const service = app.services.login;
  app.post(
    '/login',
    {
      schema: { body: loginBodySchema, response: { 200: sessionAnswerSchema } },
    },
    async (request, reply) => {
      const data = formFields(app, FORM, request.body);
      try {
        validateForm(request, FORM, data);
      } catch (error) {
        await service.countMalformed(request.ip);
        throw error;
      }
      const remember = data.rememberMe === true;
      const chosen = (request.body as { language?: unknown } | null)?.language;
      const { user, session } = await service.login(
        {
          email: data.email as string,
          password: data.password as string,
          rememberMe: remember,
          ...(isLang(chosen) ? { language: chosen } : {}),
        },
        request.ip,
      );
      setSessionCookie(reply, session, remember);
      return {
        user: toUserView(user),
        accessToken: session.token,
        expiresAt: session.expiresAt.toISOString(),
      };
    },
  );
}
