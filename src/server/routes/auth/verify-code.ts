import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ERROR_CODES } from '../../../shared';
import {
  findUserByEmail,
  markEmailVerified,
  VERIFY_CODE_MAX_ATTEMPTS,
  verifyCodeHash,
} from '../../auth/accounts';
import { sessionTokenOf } from '../../auth/require-user';
import { AppError, validationFailed } from '../../errors';
import { limitPerIp } from '../../security/limiter';
import type { UserRow } from '../../users/user-view';
import { toUserView } from '../../users/user-view';

const invalidCode = (attemptsLeft: number) =>
  new AppError(400, ERROR_CODES.INVALID_CODE, 'verification.invalidCode', {
    params: { attemptsLeft },
    fields: { code: { key: 'verification.invalidCode', params: { attemptsLeft } } },
    extra: { attemptsLeft },
  });
const codeExpired = () => new AppError(400, ERROR_CODES.CODE_EXPIRED, 'verification.codeExpired');

/**
 * POST /api/auth/verify-code { code, email }: the 6-digit code of the verification e-mail. The e-mail may
 * be left out when a session is sent. Each code allows 5 attempts; then a new e-mail is needed.
 */
export async function verifyCodeRoute(app: FastifyInstance) {
  app.post<{ Body: { code?: string; email?: string } }>(
    '/verify-code',
    {
      schema: {
        body: {
          type: 'object',
          properties: { code: { type: 'string' }, email: { type: 'string' } },
        },
      },
      preHandler: limitPerIp('verifyPerIp'),
    },
    async (request) => {
      const code = request.body?.code?.trim() ?? '';
      if (!/^\d{6}$/.test(code)) throw validationFailed({ code: { key: 'verification.codeFormat' } });
      let user: UserRow | undefined;
      const token = sessionTokenOf(request);
      const sessionUserId = token ? await app.sessions.resolve(token) : undefined;
      if (sessionUserId) {
        user = await app.db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', sessionUserId)
          .executeTakeFirst();
      } else {
        const email = request.body?.email?.trim();
        if (!email) throw validationFailed({ email: { key: 'validation.required' } });
        user = await findUserByEmail(app.db, email);
      }
      if (!user) throw invalidCode(VERIFY_CODE_MAX_ATTEMPTS - 1);
      if (user.email_verified_at !== null) {
        throw new AppError(400, ERROR_CODES.ALREADY_VERIFIED, 'verification.alreadyVerified');
      }
      // Count the attempt before comparing, in one statement, so parallel guesses cannot exceed the limit.
      const attempt = await app.db
        .updateTable('users')
        .set({ verify_code_attempts: sql`verify_code_attempts + 1` })
        .where('id', '=', user.id)
        .where('verify_code_hash', 'is not', null)
        .returning(['verify_code_attempts', 'verify_code_hash', 'verify_code_expires_at'])
        .executeTakeFirst();
      if (!attempt?.verify_code_hash) throw codeExpired();
      const used = attempt.verify_code_attempts;
      const tooMany = async () => {
        await app.db
          .updateTable('users')
          .set({ verify_code_hash: null, verify_code_expires_at: null })
          .where('id', '=', user.id)
          .execute();
        return new AppError(400, ERROR_CODES.TOO_MANY_ATTEMPTS, 'verification.tooManyAttempts');
      };
      if (used > VERIFY_CODE_MAX_ATTEMPTS) throw await tooMany();
      if (!attempt.verify_code_expires_at || attempt.verify_code_expires_at.getTime() <= Date.now()) {
        throw codeExpired();
      }
      const expected = Buffer.from(attempt.verify_code_hash, 'hex');
      const given = Buffer.from(verifyCodeHash(user.id, code), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        if (used >= VERIFY_CODE_MAX_ATTEMPTS) throw await tooMany();
        throw invalidCode(VERIFY_CODE_MAX_ATTEMPTS - used);
      }
      return { user: toUserView(await markEmailVerified(app.db, user.id)) };
    },
  );
}
