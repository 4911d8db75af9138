import type { FastifyInstance } from 'fastify';
import { findUserByEmail, normalizeEmail, sendVerificationMail } from '../../auth/accounts';
import { AppError } from '../../errors';
import { limitPerIp } from '../../security/limiter';
import { toUserView } from '../../users/user-view';
import { formFields, validateForm } from '../../validation';

const FORM = 'signup/personal-information';

export const emailTaken = () =>
  new AppError(409, 'EMAIL_TAKEN', 'signup.emailTaken', { fields: { email: { key: 'signup.emailTaken' } } });

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/** POST /api/auth/signup/step1: creates the account (pending_verification) and mails the link and code. */
export async function signupStep1Route(app: FastifyInstance) {
  app.post(
    '/signup/step1',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            firstName: { type: 'string' },
            lastName: { type: 'string' },
            email: { type: 'string' },
            password: { type: 'string' },
            confirmPassword: { type: 'string' },
            acceptTerms: { type: 'boolean' },
            acceptPrivacyPolicy: { type: 'boolean' },
          },
        },
      },
      preHandler: limitPerIp('signupPerIp'),
    },
    async (request, reply) => {
      const data = formFields(app, FORM, request.body);
      validateForm(request, FORM, data);
      const email = normalizeEmail(data.email as string);
      if (await findUserByEmail(app.db, email)) throw emailTaken();

      const passwordHash = await app.passwords.hash(data.password as string);
      const now = new Date();
      let user: Awaited<ReturnType<typeof findUserByEmail>>;
      try {
        user = await app.db
          .insertInto('users')
          .values({
            email,
            password_hash: passwordHash,
            first_name: (data.firstName as string).trim(),
            last_name: (data.lastName as string).trim(),
            language: request.lang,
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

      const cooldown = app.limits.verificationMailPerEmail.windowSeconds;
      await app.limiter.hit(`mail:verification:${email}`, cooldown);
      try {
        await sendVerificationMail(app, user!);
      } catch (error) {
        // The account exists; the user can ask for the e-mail again once the transport works.
        request.log.error({ err: error }, 'verification mail failed');
      }
      return reply.code(201).send({ user: toUserView(user!), cooldown });
    },
  );
}
