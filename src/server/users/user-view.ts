import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;

/** The `user` object of every answer. Never carries the national ID, hashes or internal ids. */
export interface UserView {
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  accountStatus: string;
  professionalTitle: string | null;
  university: string | null;
  department: string | null;
  graduationYear: number | null;
  chamberRegistrationNumber: string | null;
  specializations: string[];
  workAreas: string[];
  biography: string | null;
  /** File id of the profile photo, readable at GET /api/files/:id. */
  photo: string | null;
  hasDiploma: boolean;
  language: string;
}

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
  };
}
