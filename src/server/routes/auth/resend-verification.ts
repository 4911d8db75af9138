import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cooldownAnswerSchema, emailBodySchema } from '../../../shared';
import { limitPerIp } from '../../security/limiter';
import { formFields, validateForm } from '../../validation';

// The only field is `email`, with the same rules as the forgot-password form.
const FORM = 'auth/forgot-password';

/**
 * POST /api/auth/send-verification and /resend-verification: { cooldown } (seconds). One mail per address
 * per cooldown (429 RATE_LIMITED with retryAfter and cooldown). The answer is the same whether or not the
 * address has an unverified account, so it reveals nothing.
 */
export async function resendVerificationRoutes(app: FastifyInstance) {
  const service = app.services.verification;
  const handler = async (request: FastifyRequest) => {
    const data = formFields(app, FORM, request.body);
    validateForm(request, FORM, data);
    return service.resendMail(data.email as string);
  };
  const options = {
    schema: { body: emailBodySchema, response: { 200: cooldownAnswerSchema } },
    preHandler: limitPerIp('verificationMailPerIp'),
  };
  app.post('/send-verification', options, handler);
  app.post('/resend-verification', options, handler);
}
