import type { FastifyInstance } from 'fastify';
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
      schema: {
        body: {
          type: 'object',
          properties: {
            email: { type: 'string' },
            photo: { type: 'string' },
            specializations: { type: 'array', items: { type: 'string' } },
            workAreas: { type: 'array', items: { type: 'string' } },
            biography: { type: 'string' },
          },
        },
      },
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
