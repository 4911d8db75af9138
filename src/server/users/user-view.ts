import type { Selectable } from 'kysely';
import type { UserView } from '../../shared';
import type { UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;
export type { UserView };

/**
 * The columns of the account every signed-in request carries (request.user): what the checks of requireUser and
 * its siblings, the account's own view and the routes read. The password hash, the national ID's ciphertext and
 * HMAC, the verification and cancel hashes and the audit dates stay in the database: a route that needs one
 * reads it there (ADR 154).
 */
export const SESSION_USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'language',
  'status',
  'email_verified_at',
  'deletion_requested_at',
  'professional_title',
  'university',
  'department',
  'graduation_year',
  'chamber_registration_number',
  'specializations',
  'work_areas',
  'biography',
  'photo_file_id',
  'diploma_file_id',
  'created_at',
] as const satisfies ReadonlyArray<keyof UserRow>;

/** The signed-in account as a request carries it. */
export type SessionUser = Pick<UserRow, (typeof SESSION_USER_COLUMNS)[number]>;

export function toUserView(user: SessionUser): UserView {
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    emailVerified: user.email_verified_at !== null,
    accountStatus: user.status,
    professionalTitle: user.professional_title,
    university: user.university,
    department: user.department,
    graduationYear: user.graduation_year,
    chamberRegistrationNumber: user.chamber_registration_number,
    specializations: user.specializations,
    workAreas: user.work_areas,
    biography: user.biography,
    photo: user.photo_file_id,
    hasDiploma: user.diploma_file_id !== null,
    language: user.language,
    createdAt: user.created_at.toISOString(),
  };
}
