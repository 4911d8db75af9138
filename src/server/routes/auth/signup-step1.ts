import type { FastifyInstance } from 'fastify';
import { signupStep1AnswerSchema, signupStep1BodySchema } from '../../../shared';
import { sendVerificationMail } from '../../auth/accounts';
import { limitPerIp } from '../../security/limiter';
import { toUserView } from '../../users/user-view';
import { formFields, validateForm } from '../../validation';

const FORM = 'signup/personal-information';

/** POST /api/auth/signup/step1: creates the account (pending_verification) and mails the link and code. */
export async function signupStep1Route(app: FastifyInstance) {
  const signup = app.services.signup;
  app.post(
    '/signup/step1',
    {
      schema: { body: signupStep1BodySchema, response: { 201: signupStep1AnswerSchema } },
      preHandler: limitPerIp('signupPerIp'),
    },
    async (request, reply) => {
      const data = formFields(app, FORM, request.body);
      validateForm(request, FORM, data);
      const user = await signup.createAccount(data, request.lang);

      const cooldown = app.limits.verificationMailPerEmail.windowSeconds;
      await app.limiter.hit(`mail:verification:${app.limiter.subject(user.email)}`, cooldown);
      try {
        await sendVerificationMail(app, user);
      } catch (error) {
        // The account exists; the user can ask for the e-mail again once the transport works.
        request.log.error({ err: error }, 'verification mail failed');
      }
      return reply.code(201).send({ user: toUserView(user), cooldown });
    },
  );
}
