import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { normalizeEmail } from '../../shared';
import type { Config } from '../config';
import { sha256Hex } from '../crypto/tokens';
import type { AccountStatus, Database } from '../db/schema';
import { asLang, type Translator } from '../i18n';
import type { Mailer } from '../mail/mailer';
import { passwordChangedMail, passwordResetMail, verificationMail } from '../mail/templates';
import type { SessionUser, UserRow } from '../users/user-view';
import { issueOneTimeToken, ONE_TIME_TOKEN_TTL_SECONDS } from './one-time-tokens';
import type { Passwords } from './passwords';

/** Wrong codes allowed per issued verification code; then a new e-mail is needed. */
export const VERIFY_CODE_MAX_ATTEMPTS = 5;

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/**
 * Whether `password` is the account's current one. The hash is read for this check only: the account a request
 * carries has none (ADR 154).
 */
export async function isCurrentPassword(
  deps: { db: Kysely<Database>; passwords: Passwords },
  userId: string,
  password: string,
): Promise<boolean> {
  const account = await deps.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return account !== undefined && (await deps.passwords.verify(account.password_hash, password));
}

export function verifyCodeHash(userId: string, code: string): string {
  return sha256Hex(`${userId}:${code}`);
}

/** What the account mails need: the database for tokens, the mailer, its texts and the product's addresses. */
export interface AccountMailDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  mailT: Translator;
  config: Pick<Config, 'publicUrl' | 'productName' | 'supportEmail'>;
}

function mailContext(deps: AccountMailDeps, user: SessionUser) {
  return {
    t: deps.mailT,
    lang: asLang(user.language),
    productName: deps.config.productName,
    supportEmail: deps.config.supportEmail,
  };
}

const recipient = (user: SessionUser) => ({ email: user.email, firstName: user.first_name });

/** Issues a fresh link and 6-digit code (the previous code stops working) and mails both. */
export async function sendVerificationMail(deps: AccountMailDeps, user: SessionUser): Promise<void> {
  const token = await issueOneTimeToken(deps.db, user.id, 'verify_email');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db
    .updateTable('users')
    .set({
      verify_code_hash: verifyCodeHash(user.id, code),
      verify_code_expires_at: new Date(Date.now() + ONE_TIME_TOKEN_TTL_SECONDS * 1000),
      verify_code_attempts: 0,
    })
    .where('id', '=', user.id)
    .execute();
  const link = `${deps.config.publicUrl}/verify-email?token=${token}`;
  await deps.mailer.send(verificationMail(mailContext(deps, user), recipient(user), link, code), user.id);
}

export async function sendPasswordResetMail(deps: AccountMailDeps, user: SessionUser): Promise<void> {
  const token = await issueOneTimeToken(deps.db, user.id, 'reset_password');
  const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
  await deps.mailer.send(passwordResetMail(mailContext(deps, user), recipient(user), link), user.id);
}

export async function sendPasswordChangedMail(deps: AccountMailDeps, user: SessionUser): Promise<void> {
  await deps.mailer.send(passwordChangedMail(mailContext(deps, user), recipient(user)), user.id);
}

/**
 * Marks the e-mail verified; pending_verification moves to email_verified (later statuses stay).
 * Also ends the remaining link and code, which have done their job.
 */
export async function markEmailVerified(db: Kysely<Database>, userId: string): Promise<UserRow> {
  return db.transaction().execute(async (tx) => {
    const user = await tx
      .updateTable('users')
      .set({
        email_verified_at: sql`coalesce(email_verified_at, now())`,
        status: sql<AccountStatus>`case when status = 'pending_verification' then 'email_verified' else status end`,
        verify_code_hash: null,
        verify_code_expires_at: null,
        verify_code_attempts: 0,
        updated_at: sql`now()`,
      })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('one_time_tokens')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('purpose', '=', 'verify_email')
      .where('used_at', 'is', null)
      .execute();
    if (user.status === 'email_verified') {
      await recordEvent(tx, userId, 'email_verified', 'pending_verification', 'email_verified', 'user');
    }
    return user;
  });
}

export async function recordEvent(
  db: Kysely<Database>,
  userId: string,
  action: string,
  fromStatus: string | null,
  toStatus: string | null,
  actor: string,
): Promise<void> {
  await db
    .insertInto('account_events')
    .values({ user_id: userId, action, from_status: fromStatus, to_status: toStatus, actor })
    .execute();
}
