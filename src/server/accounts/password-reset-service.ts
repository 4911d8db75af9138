import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { ERROR_CODES, normalizeEmail } from '../../shared';
import {
  type AccountMailDeps,
  findUserByEmail,
  sendPasswordChangedMail,
  sendPasswordResetMail,
} from '../auth/accounts';
import { consumeOneTimeToken, peekOneTimeToken } from '../auth/one-time-tokens';
import type { Passwords } from '../auth/passwords';
import type { Sessions } from '../auth/sessions';
import { AppError } from '../errors';
import { type LoginAttemptDeps, trustAddress } from '../security/login-attempts';

const invalidResetToken = () =>
  new AppError(400, ERROR_CODES.INVALID_RESET_TOKEN, 'passwordReset.invalidToken');

export interface PasswordResetServiceDeps extends AccountMailDeps, LoginAttemptDeps {
  passwords: Passwords;
  sessions: Sessions;
  /** Where a failed 'password changed' mail is logged when the request gives no logger of its own. */
  log: FastifyBaseLogger;
}

/** A forgotten password (spec section 7): a link by mail, used once, that ends every session of the account. */
export function createPasswordResetService(deps: PasswordResetServiceDeps) {
  return {
    /**
     * Mails a reset link valid for 24 hours to an account that is not suspended; says nothing either way (no
     * account enumeration). 429 past the per-address limit.
     */
    async requestReset(typedEmail: string): Promise<void> {
      const email = normalizeEmail(typedEmail);
      await deps.limiter.enforce(
        `forgot:email:${deps.limiter.subject(email)}`,
        deps.limits.forgotPasswordPerEmail,
      );
      const user = await findUserByEmail(deps.db, email);
      if (user && user.status !== 'suspended') await sendPasswordResetMail(deps, user);
    },

    /**
     * Sets the new password with a reset token (consumed atomically, with every other unused reset link of the
     * account), ends all sessions, trusts the address for sign-in and mails 'password changed'.
     * 400 INVALID_RESET_TOKEN for an unknown, used or expired token.
     */
    async resetPassword(
      rawToken: string,
      password: string,
      address: string,
      log: FastifyBaseLogger = deps.log,
    ): Promise<void> {
      const token = rawToken.trim();
      // Hash (slow) before the atomic consume, so the token is spent only by a request that completes.
      if (!(await peekOneTimeToken(deps.db, token, 'reset_password'))) throw invalidResetToken();
      const passwordHash = await deps.passwords.hash(password);
      const user = await deps.db.transaction().execute(async (tx) => {
        const consumed = await consumeOneTimeToken(tx, token, 'reset_password');
        if (!consumed.ok) throw invalidResetToken();
        const row = await tx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: sql`now()` })
          .where('id', '=', consumed.userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('one_time_tokens')
          .set({ used_at: sql`now()` })
          .where('user_id', '=', consumed.userId)
          .where('purpose', '=', 'reset_password')
          .where('used_at', 'is', null)
          .execute();
        await deps.sessions.revokeAll(consumed.userId, tx);
        return row;
      });
      // whoever holds the mailbox may sign in from here even while the account is being guessed at
      await trustAddress(deps, address, user.email);
      try {
        await sendPasswordChangedMail(deps, user);
      } catch (error) {
        log.error({ err: error }, 'password changed mail failed');
      }
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
