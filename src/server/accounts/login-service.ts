import type { FastifyInstance } from 'fastify';
import type { Lang } from '../../forms/types';
import { ERROR_CODES, normalizeEmail } from '../../shared';
import { findUserByEmail } from '../auth/accounts';
import type { NewSession } from '../auth/sessions';
import { AppError } from '../errors';
import { beginLoginAttempt, countMalformedLogin } from '../security/login-attempts';
import { saveAccountLanguage } from '../users/account-language';
import type { UserRow } from '../users/user-view';

const invalidCredentials = () =>
  new AppError(401, ERROR_CODES.INVALID_CREDENTIALS, 'auth.invalidCredentials');

export interface LoginInput {
  email: string;
  password: string;
  rememberMe: boolean;
  /** The language chosen on the sign-in page, if the practitioner chose one there (ADR 112). */
  language?: Lang;
}

/**
 * Signing in (spec section 7, ADR 052): the password is checked before anything about the account is told,
 * unknown e-mails still cost a hash, and only failures count against the limits.
 */
export function createLoginService(app: FastifyInstance) {
  return {
    /** A sign-in whose form did not validate still counts as a failure of the address. */
    countMalformed(address: string): Promise<void> {
      return countMalformedLogin(app, address);
    },

    /**
     * The account and a new session, or 401 INVALID_CREDENTIALS; 403 ACCOUNT_SUSPENDED and EMAIL_NOT_VERIFIED
     * only for someone who knows the password; 429 while the address or account is over its limit.
     */
    async login(input: LoginInput, address: string): Promise<{ user: UserRow; session: NewSession }> {
      const email = normalizeEmail(input.email);
      // counted as a failure until the password matches (ADR 052)
      const attempt = await beginLoginAttempt(app, address, email);
      const user = await findUserByEmail(app.db, email);
      if (!user) {
        await app.passwords.verifyDummy(input.password);
        throw invalidCredentials();
      }
      if (!(await app.passwords.verify(user.password_hash, input.password))) throw invalidCredentials();
      await attempt.succeeded();
      if (user.status === 'suspended')
        throw new AppError(403, ERROR_CODES.ACCOUNT_SUSPENDED, 'auth.accountSuspended');
      // blocked from the request on; the mailed link, not a sign-in, cancels it (ADR 092)
      if (user.deletion_requested_at !== null)
        throw new AppError(403, ERROR_CODES.ACCOUNT_DELETION_PENDING, 'auth.deletionPending');
      if (app.config.requireEmailVerification && user.email_verified_at === null) {
        throw new AppError(403, ERROR_CODES.EMAIL_NOT_VERIFIED, 'auth.emailNotVerified', {
          extra: { email: user.email },
        });
      }
      const session = await app.sessions.create(user.id, input.rememberMe);
      // a language chosen on the sign-in page is the practitioner's latest word: it becomes the account's
      const chosen = input.language;
      if (chosen && chosen !== user.language)
        return { user: await saveAccountLanguage(app.db, user.id, chosen), session };
      return { user, session };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
