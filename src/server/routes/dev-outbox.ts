import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeEmail, outboxAnswerSchema, outboxQuerySchema } from '../../shared';

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A developer on this machine: a loopback socket and no proxy header. Behind a proxy every caller comes from
 * loopback, so a forwarded request is someone else's however TRUST_PROXY is set (ADR 104).
 */
export function isLocalDeveloper(request: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/**
 * GET /api/dev/outbox: mails kept by the outbox transport, newest first, for a developer on this machine only
 * (anyone else gets the 404 of an unknown path). Not registered in production.
 */
export async function devOutboxRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLocalDeveloper(request)) return reply.callNotFound();
  });
  app.get<{ Querystring: { to?: string; limit?: string } }>(
    '/outbox',
    {
      // a developer's tool (ADR 104), not the product's API: left out of its document
      schema: { hide: true, querystring: outboxQuerySchema, response: { 200: outboxAnswerSchema } },
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
