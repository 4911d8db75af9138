import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { ERROR_CODES, normalizeEmail } from '../../shared';
import {
  type AccountMailDeps,
  findUserByEmail,
  markEmailVerified,
  sendVerificationMail,
  VERIFY_CODE_MAX_ATTEMPTS,
  verifyCodeHash,
} from '../auth/accounts';
import { consumeOneTimeToken } from '../auth/one-time-tokens';
import type { Sessions } from '../auth/sessions';
import { AppError, validationFailed } from '../errors';
import type { Limiter, Limits } from '../security/limiter';
import type { UserRow } from '../users/user-view';

const invalidLink = () => new AppError(400, ERROR_CODES.INVALID_TOKEN, 'verification.invalidLink');
const alreadyVerified = () => new AppError(400, ERROR_CODES.ALREADY_VERIFIED, 'verification.alreadyVerified');
const invalidCode = (attemptsLeft: number) =>
  new AppError(400, ERROR_CODES.INVALID_CODE, 'verification.invalidCode', {
    params: { attemptsLeft },
    fields: { code: { key: 'verification.invalidCode', params: { attemptsLeft } } },
    extra: { attemptsLeft },
  });
const codeExpired = () => new AppError(400, ERROR_CODES.CODE_EXPIRED, 'verification.codeExpired');

export interface CodeInput {
  code?: string;
  /** Needed unless `sessionToken` names a signed-in account. */
  email?: string;
  sessionToken?: string | null;
}

export interface VerificationServiceDeps extends AccountMailDeps {
  sessions: Sessions;
  limiter: Limiter;
  limits: Limits;
}

/** Verifying the e-mail address (spec section 7, ADR 024): by the link, by the 6-digit code, and resending them. */
export function createVerificationService(deps: VerificationServiceDeps) {
  /** The account a code is for: the signed-in one, else the one of the e-mail given. */
  async function accountFor(input: CodeInput): Promise<UserRow | undefined> {
    const sessionUserId = input.sessionToken ? await deps.sessions.resolve(input.sessionToken) : undefined;
    if (sessionUserId)
      return deps.db.selectFrom('users').selectAll().where('id', '=', sessionUserId).executeTakeFirst();
    const email = input.email?.trim();
    if (!email) throw validationFailed({ email: { key: 'validation.required' } });
    return findUserByEmail(deps.db, email);
  }

  /** Ends the code after too many attempts: a new e-mail is needed. */
  async function tooManyAttempts(userId: string): Promise<AppError> {
    await deps.db
      .updateTable('users')
      .set({ verify_code_hash: null, verify_code_expires_at: null })
      .where('id', '=', userId)
      .execute();
    return new AppError(400, ERROR_CODES.TOO_MANY_ATTEMPTS, 'verification.tooManyAttempts');
  }

  return {
    /** The link's token, used once: the verified account, or 400 INVALID_TOKEN, TOKEN_EXPIRED, ALREADY_VERIFIED. */
    async verifyLink(rawToken: string | undefined): Promise<UserRow> {
      const token = rawToken?.trim();
      if (!token) throw invalidLink();
      const result = await consumeOneTimeToken(deps.db, token, 'verify_email');
      if (result.ok) return markEmailVerified(deps.db, result.userId);
      if (result.reason === 'expired')
        throw new AppError(400, ERROR_CODES.TOKEN_EXPIRED, 'verification.expiredLink');
      if (result.reason === 'used') throw alreadyVerified();
      throw invalidLink();
    },

    /**
     * The 6-digit code of the verification mail: the verified account, or 400 INVALID_CODE (with attempts left),
     * CODE_EXPIRED, TOO_MANY_ATTEMPTS (after 5 wrong codes the code ends) or ALREADY_VERIFIED.
     */
    async verifyCode(input: CodeInput): Promise<UserRow> {
      const code = input.code?.trim() ?? '';
      if (!/^\d{6}$/.test(code)) throw validationFailed({ code: { key: 'verification.codeFormat' } });
      const user = await accountFor(input);
      if (!user) throw invalidCode(VERIFY_CODE_MAX_ATTEMPTS - 1);
      if (user.email_verified_at !== null) throw alreadyVerified();
      // Count the attempt before comparing, in one statement, so parallel guesses cannot exceed the limit.
      const attempt = await deps.db
        .updateTable('users')
        .set({ verify_code_attempts: sql`verify_code_attempts + 1` })
        .where('id', '=', user.id)
        .where('verify_code_hash', 'is not', null)
        .returning(['verify_code_attempts', 'verify_code_hash', 'verify_code_expires_at'])
        .executeTakeFirst();
      if (!attempt?.verify_code_hash) throw codeExpired();
      const used = attempt.verify_code_attempts;
      if (used > VERIFY_CODE_MAX_ATTEMPTS) throw await tooManyAttempts(user.id);
      if (!attempt.verify_code_expires_at || attempt.verify_code_expires_at.getTime() <= Date.now()) {
        throw codeExpired();
      }
      const expected = Buffer.from(attempt.verify_code_hash, 'hex');
      const given = Buffer.from(verifyCodeHash(user.id, code), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        if (used >= VERIFY_CODE_MAX_ATTEMPTS) throw await tooManyAttempts(user.id);
        throw invalidCode(VERIFY_CODE_MAX_ATTEMPTS - used);
      }
      return markEmailVerified(deps.db, user.id);
    },

    /**
     * A new link and code for an unverified, not suspended account; the same answer whether or not there is one.
     * One mail per address per cooldown (429 RATE_LIMITED with `cooldown`). Answers the cooldown in seconds.
     */
    async resendMail(typedEmail: string): Promise<{ cooldown: number }> {
      const email = normalizeEmail(typedEmail);
      const limit = deps.limits.verificationMailPerEmail;
      await deps.limiter.enforce(
        `mail:verification:${deps.limiter.subject(email)}`,
        limit,
        'rateLimit.resendCooldown',
        (retryAfter) => ({
          cooldown: retryAfter,
        }),
      );
      const user = await findUserByEmail(deps.db, email);
      if (user && user.email_verified_at === null && user.status !== 'suspended') {
        await sendVerificationMail(deps, user);
      }
      return { cooldown: limit.windowSeconds };
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
