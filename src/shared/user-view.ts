import type { AccountStatus } from './account-status.ts';

/** The `user` object of every account answer. Never carries the national ID, hashes or internal ids. */
export interface UserView {
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  accountStatus: AccountStatus;
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
  /** The interface language kept on the account ('en' or 'tr', ADR 064). */
  language: string;
  /** When the account was made (ISO): the dashboard's 'member since'. */
  createdAt: string;
}
