import type { FastifyInstance } from 'fastify';
import { signupStep3BodySchema, userAnswerSchema } from '../../../shared';
import { requireUser } from '../../auth/require-user';
import { toUserView } from '../../users/user-view';
import { formFields, validateForm } from '../../validation';

const FORM = 'signup/profile-setup';

/** POST /api/auth/signup/step3: the optional profile (photo, specializations, work areas, biography). No status change. */
export async function signupStep3Route(app: FastifyInstance) {
  const signup = app.services.signup;
  app.post(
    '/signup/step3',
    {
      schema: { body: signupStep3BodySchema, response: { 200: userAnswerSchema } },
      preHandler: requireUser,
    },
    async (request) => {
      const user = request.user!;
      const data = signup.withPhoto(user, formFields(app, FORM, request.body));
      validateForm(request, FORM, data);
      return { user: toUserView(await signup.saveProfile(user, data)) };
    },
  );
}
