import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../auth/require-user';
import { AppError } from '../../errors';
import { toUserView } from '../../users/user-view';
import { formFields, validateForm } from '../../validation';

const FORM = 'signup/profile-setup';

/** POST /api/auth/signup/step3: the optional profile (photo, specializations, work areas, biography). No status change. */
export async function signupStep3Route(app: FastifyInstance) {
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
      const data = formFields(app, FORM, request.body);
      if (data.photo === undefined && user.photo_file_id) data.photo = user.photo_file_id;
      validateForm(request, FORM, data);
      if (data.photo !== undefined) {
        const photo = await app.db
          .selectFrom('files')
          .select('id')
          .where('id', '=', data.photo as string)
          .where('owner_id', '=', user.id)
          .where('kind', '=', 'photo')
          .executeTakeFirst();
        if (!photo) {
          throw new AppError(400, 'VALIDATION_FAILED', 'validation.failed', {
            fields: { photo: { key: 'signup.photoNotFound' } },
          });
        }
      }
      const biography = (data.biography as string | undefined)?.trim();
      const updated = await app.db
        .updateTable('users')
        .set({
          specializations: JSON.stringify(data.specializations ?? []),
          work_areas: JSON.stringify(data.workAreas ?? []),
          biography: biography || null,
          photo_file_id: (data.photo as string | undefined) ?? null,
          updated_at: sql`now()`,
        })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { user: toUserView(updated) };
    },
  );
}
