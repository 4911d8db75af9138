import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ERROR_CODES, normalizeEmail } from '../../shared';
import { findUserByEmail, sendPasswordChangedMail, sendPasswordResetMail } from '../auth/accounts';
import { consumeOneTimeToken, peekOneTimeToken } from '../auth/one-time-tokens';
import { AppError } from '../errors';
import { trustAddress } from '../security/login-attempts';

const invalidResetToken = () =>
  new AppError(400, ERROR_CODES.INVALID_RESET_TOKEN, 'passwordReset.invalidToken');

/** A forgotten password (spec section 7): a link by mail, used once, that ends every session of the account. */
export function createPasswordResetService(app: FastifyInstance) {
  return {
    /**
     * Mails a reset link valid for 24 hours to an account that is not suspended; says nothing either way (no
     * account enumeration). 429 past the per-address limit.
     */
    async requestReset(typedEmail: string): Promise<void> {
      const email = normalizeEmail(typedEmail);
      await app.limiter.enforce(`forgot:email:${email}`, app.limits.forgotPasswordPerEmail);
      const user = await findUserByEmail(app.db, email);
      if (user && user.status !== 'suspended') await sendPasswordResetMail(app, user);
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
      log: FastifyBaseLogger = app.log,
    ): Promise<void> {
      const token = rawToken.trim();
      // Hash (slow) before the atomic consume, so the token is spent only by a request that completes.
      if (!(await peekOneTimeToken(app.db, token, 'reset_password'))) throw invalidResetToken();
      const passwordHash = await app.passwords.hash(password);
      const user = await app.db.transaction().execute(async (tx) => {
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
        await app.sessions.revokeAll(consumed.userId, tx);
        return row;
      });
      // whoever holds the mailbox may sign in from here even while the account is being guessed at
      await trustAddress(app, address, user.email);
      try {
        await sendPasswordChangedMail(app, user);
      } catch (error) {
        log.error({ err: error }, 'password changed mail failed');
      }
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
