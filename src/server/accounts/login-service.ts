import type { Lang } from '../../forms/types';
import { ERROR_CODES, normalizeEmail } from '../../shared';
import { findUserByEmail } from '../auth/accounts';
import type { Passwords } from '../auth/passwords';
import type { NewSession, Sessions } from '../auth/sessions';
import type { Config } from '../config';
import { AppError } from '../errors';
import { beginLoginAttempt, countMalformedLogin, type LoginAttemptDeps } from '../security/login-attempts';
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

export interface LoginServiceDeps extends LoginAttemptDeps {
  passwords: Passwords;
  sessions: Sessions;
  config: Pick<Config, 'requireEmailVerification'>;
}

/**
 * Signing in (spec section 7, ADR 052): the password is checked before anything about the account is told,
 * unknown e-mails still cost a hash, and only failures count against the limits.
 */
export function createLoginService(deps: LoginServiceDeps) {
  return {
    /** A sign-in whose form did not validate still counts as a failure of the address. */
    countMalformed(address: string): Promise<void> {
      return countMalformedLogin(deps, address);
    },

    /**
     * The account and a new session, or 401 INVALID_CREDENTIALS; 403 ACCOUNT_SUSPENDED and EMAIL_NOT_VERIFIED
     * only for someone who knows the password; 429 while the address or account is over its limit.
     */
    async login(input: LoginInput, address: string): Promise<{ user: UserRow; session: NewSession }> {
      const email = normalizeEmail(input.email);
      // counted as a failure until the password matches (ADR 052)
      const attempt = await beginLoginAttempt(deps, address, email);
      const user = await findUserByEmail(deps.db, email);
      if (!user) {
        await deps.passwords.verifyDummy(input.password);
        throw invalidCredentials();
      }
      if (!(await deps.passwords.verify(user.password_hash, input.password))) throw invalidCredentials();
      await attempt.succeeded();
      if (user.status === 'suspended')
        throw new AppError(403, ERROR_CODES.ACCOUNT_SUSPENDED, 'auth.accountSuspended');
      // blocked from the request on; the mailed link, not a sign-in, cancels it (ADR 092)
      if (user.deletion_requested_at !== null)
        throw new AppError(403, ERROR_CODES.ACCOUNT_DELETION_PENDING, 'auth.deletionPending');
      if (deps.config.requireEmailVerification && user.email_verified_at === null) {
        throw new AppError(403, ERROR_CODES.EMAIL_NOT_VERIFIED, 'auth.emailNotVerified', {
          extra: { email: user.email },
        });
      }
      const session = await deps.sessions.create(user.id, input.rememberMe);
      // a language chosen on the sign-in page is the practitioner's latest word: it becomes the account's
      const chosen = input.language;
      if (chosen && chosen !== user.language)
        return { user: await saveAccountLanguage(deps.db, user.id, chosen), session };
      return { user, session };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
