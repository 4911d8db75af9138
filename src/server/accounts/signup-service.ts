import { type Kysely, sql } from 'kysely';
import type { Lang } from '../../forms/types';
import { ERROR_CODES, normalizeEmail } from '../../shared';
import { findUserByEmail, recordEvent } from '../auth/accounts';
import type { Passwords } from '../auth/passwords';
import { type DataKeys, encryptJson, keyedHash } from '../crypto/encryption';
import type { AccountStatus, Database } from '../db/schema';
import { AppError } from '../errors';
import type { ReceivedFile, UploadKind } from '../storage/uploads';
import { newFileId } from '../storage/uploads';
import type { SessionUser, UserRow } from '../users/user-view';

/** The version of the KVKK consent text the client shows; bump it when that text changes. */
export const KVKK_CONSENT_VERSION = '2026-11-v1';

/** Statuses in which the applicant may still submit or change credentials. */
export const CREDENTIALS_EDITABLE: readonly AccountStatus[] = [
  'pending_verification',
  'email_verified',
  'profile_completed',
];

export const emailTaken = () =>
  new AppError(409, ERROR_CODES.EMAIL_TAKEN, 'signup.emailTaken', {
    fields: { email: { key: 'signup.emailTaken' } },
  });

export const registrationLocked = () => new AppError(409, ERROR_CODES.REGISTRATION_LOCKED, 'signup.locked');

const nationalIdTaken = () =>
  new AppError(409, ERROR_CODES.NATIONAL_ID_TAKEN, 'signup.nationalIdTaken', {
    fields: { nationalId: { key: 'signup.nationalIdTaken' } },
  });

const diplomaRequired = () =>
  new AppError(400, ERROR_CODES.DIPLOMA_REQUIRED, 'signup.diplomaRequired', {
    fields: { diploma: { key: 'signup.diplomaRequired' } },
  });

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

type Fields = Record<string, unknown>;

/**
 * The sign-up's rules (spec section 7): accounts, credentials, profile and uploads, on the database. Routes
 * validate the forms and translate HTTP; everything that reads or writes accounts and files is here.
 */
export function createSignupService(db: Kysely<Database>, keys: DataKeys, passwords: Passwords) {
  /** The file `id` if the account owns it as a `kind`. */
  const ownFile = (user: SessionUser, id: string, kind: UploadKind) =>
    db
      .selectFrom('files')
      .select('id')
      .where('id', '=', id)
      .where('owner_id', '=', user.id)
      .where('kind', '=', kind)
      .executeTakeFirst();

  return {
    async isEmailAvailable(email: string): Promise<boolean> {
      return (await findUserByEmail(db, email)) === undefined;
    },

    /** Step 1: a new account in pending_verification; 409 EMAIL_TAKEN if the e-mail has one. */
    async createAccount(data: Fields, language: Lang): Promise<UserRow> {
      const email = normalizeEmail(data.email as string);
      if (await findUserByEmail(db, email)) throw emailTaken();
      const passwordHash = await passwords.hash(data.password as string);
      const now = new Date();
      try {
        return await db
          .insertInto('users')
          .values({
            email,
            password_hash: passwordHash,
            first_name: (data.firstName as string).trim(),
            last_name: (data.lastName as string).trim(),
            language,
            terms_accepted_at: now,
            privacy_accepted_at: now,
            specializations: '[]',
            work_areas: '[]',
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /** 409 REGISTRATION_LOCKED once the credentials are under review (or decided). */
    assertCredentialsEditable(user: SessionUser): void {
      if (!CREDENTIALS_EDITABLE.includes(user.status)) throw registrationLocked();
    },

    /** The diploma already uploaded stands in for one the client does not repeat; 400 if there is none. */
    withDiploma(user: SessionUser, data: Fields): Fields {
      if (data.diploma === undefined && user.diploma_file_id) data.diploma = user.diploma_file_id;
      if (data.diploma === undefined) throw diplomaRequired();
      return data;
    },

    /**
     * Step 2 (validated data): the national ID stored encrypted with a keyed hash for uniqueness; the account
     * moves to profile_completed.
     */
    async submitCredentials(user: SessionUser, data: Fields): Promise<UserRow> {
      const diploma = await ownFile(user, data.diploma as string, 'diploma');
      if (!diploma) throw diplomaRequired();

      const nationalId = data.nationalId as string;
      const nationalIdHash = keyedHash(keys.nationalIdHash, nationalId);
      const holder = await db
        .selectFrom('users')
        .select('id')
        .where('national_id_hmac', '=', nationalIdHash)
        .where('id', '!=', user.id)
        .executeTakeFirst();
      if (holder) throw nationalIdTaken();

      const nextStatus: AccountStatus =
        user.status === 'profile_completed' ? user.status : 'profile_completed';
      try {
        return await db.transaction().execute(async (tx) => {
          const row = await tx
            .updateTable('users')
            .set({
              university: (data.university as string).trim(),
              department: data.department as string,
              graduation_year: data.graduationYear as number,
              professional_title: data.professionalTitle as string,
              chamber_registration_number:
                (data.chamberRegistrationNumber as string | undefined)?.trim() || null,
              national_id_encrypted: encryptJson(keys.encryption, nationalId, `national-id:${user.id}`),
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
      } catch (error) {
        if (isUniqueViolation(error)) throw nationalIdTaken();
        throw error;
      }
    },

    /** The photo already uploaded stands in for one the client does not repeat. */
    withPhoto(user: SessionUser, data: Fields): Fields {
      if (data.photo === undefined && user.photo_file_id) data.photo = user.photo_file_id;
      return data;
    },

    /** Step 3 (validated data): the optional profile; no status change. */
    async saveProfile(user: SessionUser, data: Fields): Promise<UserRow> {
      if (data.photo !== undefined && !(await ownFile(user, data.photo as string, 'photo'))) {
        throw new AppError(400, ERROR_CODES.VALIDATION_FAILED, 'validation.failed', {
          fields: { photo: { key: 'signup.photoNotFound' } },
        });
      }
      const biography = (data.biography as string | undefined)?.trim();
      return db
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
    },

    /** The diploma under review must not change behind the reviewer's back. */
    assertMayUpload(user: SessionUser, kind: UploadKind): void {
      if (kind === 'diploma' && !CREDENTIALS_EDITABLE.includes(user.status)) throw registrationLocked();
    },

    /** Stores an upload as the account's file of that kind, replacing (and deleting) the previous one. */
    async storeUpload(user: SessionUser, kind: UploadKind, file: ReceivedFile): Promise<string> {
      const id = newFileId();
      const column = kind === 'diploma' ? 'diploma_file_id' : 'photo_file_id';
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('files')
          .values({
            id,
            owner_id: user.id,
            kind,
            name: file.name,
            type: file.type,
            size: file.data.length,
            data: file.data,
          })
          .execute();
        const previous = await tx
          .selectFrom('users')
          .select(column)
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('users')
          .set({ [column]: id })
          .where('id', '=', user.id)
          .execute();
        const previousId = (previous as Record<string, string | null>)[column];
        if (previousId) await tx.deleteFrom('files').where('id', '=', previousId).execute();
      });
      return id;
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
