import type { FastifyInstance } from 'fastify';
import { LANGS, type Lang } from '../../../forms/types';
import { accountLanguageBodySchema, userAnswerSchema } from '../../../shared';
import { requireUser } from '../../auth/require-user';
import { validationFailed } from '../../errors';
import { saveAccountLanguage } from '../../users/account-language';
import { toUserView } from '../../users/user-view';

/**
 * PUT /api/auth/language { language: 'en' | 'tr' }: the interface language chosen while signed in, kept on
 * the account so every browser opens in it after sign-in (and mails are written in it). Answers { user }.
 */
export async function languageRoute(app: FastifyInstance) {
  app.put<{ Body: { language?: unknown } }>(
    '/language',
    {
      schema: { body: accountLanguageBodySchema, response: { 200: userAnswerSchema } },
      preHandler: requireUser,
    },
    async (request) => {
      const language = request.body?.language;
      if (typeof language !== 'string' || !LANGS.includes(language as Lang)) {
        throw validationFailed({ language: { key: 'validation.invalid' } });
      }
      return { user: toUserView(await saveAccountLanguage(app.db, request.user!.id, language as Lang)) };
    },
  );
}
