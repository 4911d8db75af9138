import type { FastifyInstance } from 'fastify';
import { type CheckEmailQuery, checkEmailAnswerSchema, checkEmailQuerySchema } from '../../../shared';
import { limitPerIp } from '../../security/limiter';
import { formFields, validateForm } from '../../validation';

// Same e-mail rule as everywhere: the forgot-password form holds only that field.
const FORM = 'auth/forgot-password';

/** GET /api/auth/check-email?email=: { data: { available } } for the sign-up form's live check. */
export async function checkEmailRoute(app: FastifyInstance) {
  const signup = app.services.signup;
  app.get<{ Querystring: CheckEmailQuery }>(
    '/check-email',
    {
      schema: { querystring: checkEmailQuerySchema, response: { 200: checkEmailAnswerSchema } },
      preHandler: limitPerIp('checkEmailPerIp'),
    },
    async (request) => {
      const data = formFields(app, FORM, request.query);
      validateForm(request, FORM, data);
      return { data: { available: await signup.isEmailAvailable(data.email as string) } };
    },
  );
}
