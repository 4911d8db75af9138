import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '../../../shared';
import { findUserByEmail, sendPasswordResetMail } from '../../auth/accounts';
import { limitPerIp } from '../../security/limiter';
import { formFields, validateForm } from '../../validation';

const FORM = 'auth/forgot-password';

/**
 * POST /api/auth/forgot-password { email }: { ok: true } whether or not an account exists (no account
 * enumeration); an existing account gets a reset link valid for 24 hours.
 */
export async function forgotPasswordRoute(app: FastifyInstance) {
  app.post(
    '/forgot-password',
    {
      schema: { body: { type: 'object', properties: { email: { type: 'string' } } } },
      preHandler: limitPerIp('forgotPasswordPerIp'),
    },
    async (request) => {
      const data = formFields(app, FORM, request.body);
      validateForm(request, FORM, data);
      const email = normalizeEmail(data.email as string);
      await app.limiter.enforce(`forgot:email:${email}`, app.limits.forgotPasswordPerEmail);
      const user = await findUserByEmail(app.db, email);
      if (user && user.status !== 'suspended') await sendPasswordResetMail(app, user);
      return { ok: true };
    },
  );
}
