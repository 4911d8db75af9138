import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { recordEvent } from '../../auth/accounts';
import { requireUser } from '../../auth/require-user';
import { encryptJson, keyedHash } from '../../crypto/encryption';
import type { AccountStatus } from '../../db/schema';
import { AppError } from '../../errors';
import { toUserView } from '../../users/user-view';
import { formFields, validateForm } from '../../validation';
import { isUniqueViolation } from './signup-step1';

const FORM = 'signup/professional-credentials';

/** The version of the KVKK consent text the client shows; bump it when that text changes. */
export const KVKK_CONSENT_VERSION = '2026-11-v1';

/** Statuses in which the applicant may still submit or change credentials. */
export const CREDENTIALS_EDITABLE: readonly AccountStatus[] = [
  'pending_verification',
  'email_verified',
  'profile_completed',
];

export const registrationLocked = () => new AppError(409, 'REGISTRATION_LOCKED', 'signup.locked');

const nationalIdTaken = () =>
  new AppError(409, 'NATIONAL_ID_TAKEN', 'signup.nationalIdTaken', {
    fields: { nationalId: { key: 'signup.nationalIdTaken' } },
  });

/**
 * POST /api/auth/signup/step2: professional credentials. Needs a session and an uploaded diploma;
 * the national ID is stored encrypted with a keyed hash for uniqueness; moves the account to profile_completed.
 */
export async function signupStep2Route(app: FastifyInstance) {
  app.post(
    '/signup/step2',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            email: { type: 'string' },
            university: { type: 'string' },
            department: { type: 'string' },
            graduationYear: { type: 'number' },
            diploma: { type: 'string' },
            professionalTitle: { type: 'string' },
            chamberRegistrationNumber: { type: 'string' },
            nationalId: { type: 'string' },
            kvkkConsent: { type: 'boolean' },
          },
        },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const user = request.user!;
      if (!CREDENTIALS_EDITABLE.includes(user.status)) throw registrationLocked();
      const data = formFields(app, FORM, request.body);
      // The diploma was uploaded on its own; the client need not repeat its id.
      if (data.diploma === undefined && user.diploma_file_id) data.diploma = user.diploma_file_id;
      if (data.diploma === undefined) {
        throw new AppError(400, 'DIPLOMA_REQUIRED', 'signup.diplomaRequired', {
          fields: { diploma: { key: 'signup.diplomaRequired' } },
        });
      }
      validateForm(request, FORM, data);
      const diploma = await app.db
        .selectFrom('files')
        .select('id')
        .where('id', '=', data.diploma as string)
        .where('owner_id', '=', user.id)
        .where('kind', '=', 'diploma')
        .executeTakeFirst();
      if (!diploma) {
        throw new AppError(400, 'DIPLOMA_REQUIRED', 'signup.diplomaRequired', {
          fields: { diploma: { key: 'signup.diplomaRequired' } },
        });
      }

      const nationalId = data.nationalId as string;
      const nationalIdHash = keyedHash(app.keys.nationalIdHash, nationalId);
      const holder = await app.db
        .selectFrom('users')
        .select('id')
        .where('national_id_hmac', '=', nationalIdHash)
        .where('id', '!=', user.id)
        .executeTakeFirst();
      if (holder) throw nationalIdTaken();

      const nextStatus: AccountStatus =
        user.status === 'profile_completed' ? user.status : 'profile_completed';
      try {
        const updated = await app.db.transaction().execute(async (tx) => {
          const row = await tx
            .updateTable('users')
            .set({
              university: (data.university as string).trim(),
              department: data.department as string,
              graduation_year: data.graduationYear as number,
              professional_title: data.professionalTitle as string,
              chamber_registration_number:
                (data.chamberRegistrationNumber as string | undefined)?.trim() || null,
              national_id_encrypted: encryptJson(app.keys.encryption, nationalId, `national-id:${user.id}`),
              national_id_hmac: nationalIdHash,
              kvkk_consent_at: sql`now()`,
              kvkk_consent_version: KVKK_CONSENT_VERSION,
              diploma_file_id: diploma.id,
              credentials_submitted_at: sql`now()`,
              status: nextStatus,
              updated_at: sql`now()`,
            })
            .where('id', '=', user.id)
            .where('status', 'in', CREDENTIALS_EDITABLE)
            .returningAll()
            .executeTakeFirst();
          if (!row) throw registrationLocked();
          if (user.status !== nextStatus)
            await recordEvent(tx, user.id, 'credentials_submitted', user.status, nextStatus, 'user');
          return row;
        });
        return { user: toUserView(updated) };
      } catch (error) {
        if (isUniqueViolation(error)) throw nationalIdTaken();
        throw error;
      }
    },
  );
}
