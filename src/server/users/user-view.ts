import type { Selectable } from 'kysely';
import type { UserView } from '../../shared';
import type { UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;
export type { UserView };

export function toUserView(user: UserRow): UserView {
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
