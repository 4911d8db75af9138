import type { FastifyInstance } from 'fastify';
import { deletionAnswerSchema } from '../../../shared';
import { notFound } from '../../errors';
import { deletionNoticeOf } from '../../privacy/deletion-notice';

/**
 * GET /api/account/deletion: for /account-deleted after a reload, signed out: `{ deletionDueAt }` of the account
 * this browser asked to delete (its signed cookie), 404 when there is none or the deletion was cancelled.
 */
export async function deletionRoute(app: FastifyInstance) {
  app.get('/deletion', { schema: { response: { 200: deletionAnswerSchema } } }, async (request) => {
    const userId = deletionNoticeOf(request, app.keys.deletionNotice);
    if (!userId) throw notFound();
    const user = await app.db
      .selectFrom('users')
      .select('deletion_due_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user?.deletion_due_at) throw notFound();
    return { deletionDueAt: user.deletion_due_at.toISOString() };
  });
}
