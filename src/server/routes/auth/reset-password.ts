import type { FastifyInstance } from 'fastify';
import { okSchema, resetPasswordBodySchema } from '../../../shared';
import { limitPerIp } from '../../security/limiter';
import { formFields, validateForm } from '../../validation';

const FORM = 'auth/reset-password';

/**
 * POST /api/auth/reset-password { token, password, confirmPassword }: { ok: true }. The token is used once
 * (consumed atomically), every session of the account ends, and a 'password changed' mail is sent.
 */
export async function resetPasswordRoute(app: FastifyInstance) {
  const service = app.services.passwordReset;
  app.post(
    '/reset-password',
    {
      schema: { body: resetPasswordBodySchema, response: { 200: okSchema } },
      preHandler: limitPerIp('resetPasswordPerIp'),
    },
    async (request) => {
      const data = formFields(app, FORM, request.body);
      // The spec's call sends token and password; the confirmation is the screen's business.
      if (data.confirmPassword === undefined && typeof data.password === 'string') {
        data.confirmPassword = data.password;
      }
      validateForm(request, FORM, data);
      await service.resetPassword(data.token as string, data.password as string, request.ip, request.log);
      return { ok: true };
    },
  );
}
