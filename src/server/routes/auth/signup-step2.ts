import type { FastifyInstance } from 'fastify';
import { signupStep2BodySchema, userAnswerSchema } from '../../../shared';
import { requireUser } from '../../auth/require-user';
import { toUserView } from '../../users/user-view';
import { formFields, validateForm } from '../../validation';

const FORM = 'signup/professional-credentials';

/**
 * POST /api/auth/signup/step2: professional credentials. Needs a session and an uploaded diploma;
 * the national ID is stored encrypted with a keyed hash for uniqueness; moves the account to profile_completed.
 */
export async function signupStep2Route(app: FastifyInstance) {
  const signup = app.services.signup;
  app.post(
    '/signup/step2',
    {
      schema: { body: signupStep2BodySchema, response: { 200: userAnswerSchema } },
      preHandler: requireUser,
    },
    async (request) => {
      const user = request.user!;
      signup.assertCredentialsEditable(user);
      // The diploma was uploaded on its own; the client need not repeat its id.
      const data = signup.withDiploma(user, formFields(app, FORM, request.body));
      validateForm(request, FORM, data);
      return { user: toUserView(await signup.submitCredentials(user, data)) };
    },
  );
}
