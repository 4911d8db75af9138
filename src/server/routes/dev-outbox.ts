import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '../../shared';

/** GET /api/dev/outbox: mails kept by the outbox transport, newest first. Not registered in production. */
export async function devOutboxRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { to?: string; limit?: string } }>(
    '/outbox',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            to: { type: 'string', maxLength: 320 },
            limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
          },
        },
      },
    },
    async (request) => {
      let query = app.db
        .selectFrom('mail_outbox')
        .select(['id', 'kind', 'recipient', 'subject', 'text', 'html', 'links', 'created_at'])
        .orderBy('id', 'desc')
        .limit(Math.min(Number(request.query.limit ?? 50) || 50, 200));
      if (request.query.to) query = query.where('recipient', '=', normalizeEmail(request.query.to));
      const rows = await query.execute();
      return {
        mails: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          to: row.recipient,
          subject: row.subject,
          text: row.text,
          html: row.html,
          links: row.links,
          createdAt: row.created_at.toISOString(),
        })),
      };
    },
  );
}
