import type { FastifyInstance } from 'fastify';
import { emailBodySchema, okSchema } from '../../../shared';
import { limitPerIp } from '../../security/limiter';
import { formFields, validateForm } from '../../validation';

const FORM = 'auth/forgot-password';

/**
 * POST /api/auth/forgot-password { email }: { ok: true } whether or not an account exists (no account
 * enumeration); an existing account gets a reset link valid for 24 hours.
 */
export async function forgotPasswordRoute(app: FastifyInstance) {
  const service = app.services.passwordReset;
  app.post(
    '/forgot-password',
    {
      schema: { body: emailBodySchema, response: { 200: okSchema } },
      preHandler: limitPerIp('forgotPasswordPerIp'),
    },
    async (request) => {
      const data = formFields(app, FORM, request.body);
      validateForm(request, FORM, data);
      await service.requestReset(data.email as string);
      return { ok: true };
    },
  );
}
